import type { Step } from '../ir/index.js';
import { actsAtPoint } from './at-point.js';
import type { ReplayOptions } from './replay-options.js';

/** Actions whose first touch of the page is looking for their target (perform.ts `on`): a read. */
const LOOKS_FIRST = new Set<Step['action']['type']>(['click', 'hover', 'check', 'uncheck', 'fill', 'select']);

/**
 * Whether a step looks for its target (count and probe, a read) while its before-state
 * comparison's screenshot waits for a frame (idle time here, ~40 ms a capture); it acts, and
 * touches the page in any other way, only once the comparison has seen the page (run-step.ts
 * `beforeActing`, locate.ts `gate`). Only when there is a screenshot to wait for; not when the
 * verdict must come first (stopping at a divergence) or the capture is kept (--heal); and not for
 * an action at a recorded point (VWA element_id): it never looks for its target, it checks the
 * point and acts at once, which would move the page on before the comparison had seen it.
 */
export function looksWhileCapturing(step: Step, options: Pick<ReplayOptions, 'stopAtFirstDivergence' | 'heal' | 'compare'>): boolean {
  return (
    screenshotCompared(step, options) &&
    !options.stopAtFirstDivergence &&
    !options.heal &&
    LOOKS_FIRST.has(step.action.type) &&
    !actsAtPoint(step.action)
  );
}

/** Whether the step's before-state comparison takes a screenshot (one is recorded, and --compare asks for pixels). */
export function screenshotCompared(step: Step, options: Pick<ReplayOptions, 'compare'>): boolean {
  return step.before?.screenshot !== undefined && options.compare.mode !== 'dom' && options.compare.mode !== 'off';
}
