import type { Locator, Page } from 'playwright';
import type { Action, Locate, Step, Target } from '../../ir/index.js';
import { missingOptions } from '../effects/select.js';
import { resolveTarget } from '../locate.js';
import { revealHoverOnly } from './hover-reveal.js';
import { recordedVisibility } from './raw-html-visibility.js';
import type { Reason } from '../../ir/results.js';

/** How a hover-only target was shown: how many hover hosts revealed one (see hover-reveal.ts). */
export interface Revealed {
  hosts: number;
}

export type SnapshotCheck =
  | { status: 'passed'; locate?: Locate; onPositive?: boolean; revealed?: Revealed; notes?: string[] }
  | { status: 'failed'; reason: Reason; message: string; locate?: Locate; onPositive?: boolean; revealed?: Revealed }
  | { status: 'skipped'; message: string };

/** The target of an action, when it acts on one element. */
function targetOf(action: Action): Target | undefined {
  return 'target' in action ? action.target : undefined;
}

export interface CheckOptions {
  /**
   * The page was rendered from Mind2Web's `raw_html`, whose attribute whitelist dropped
   * `contenteditable` (and `disabled`, `readonly`): what it cannot show is not held against the step.
   */
  rawHtml?: boolean;
}

/**
 * Checks that a step could be performed on its recorded before-state: its target is there,
 * unique, visible, and fits the operation (an editable field to type into, an option to select,
 * a box to tick). Nothing is performed: the snapshot is evidence, not an application.
 */
export async function checkStep(page: Page, step: Step, timeoutMs: number, options: CheckOptions = {}): Promise<SnapshotCheck> {
  const target = targetOf(step.action);
  if (!target) return { status: 'skipped', message: 'no element to check on a snapshot' };
  let found = await resolveTarget(page, target, { timeoutMs, snapshot: true });
  let revealed: Revealed | undefined;
  /** Whether the element found is drawn; read again only after a hover reveal was tried. */
  let shown = found.ok ? await found.locator.isVisible().catch(() => false) : undefined;
  // A recorded locator that matches hidden elements too (a CSS selector, the Mind2Web marker)
  // finds a hover-only control still hidden: that is the same case as not finding it.
  const hiddenNow = found.ok && needsVisible(step.action) && !shown;
  if ((!found.ok && found.reason === 'target-not-found') || hiddenNow) {
    // Shown only under the pointer? The snapshot has no :hover; point at what the page's :hover rules name.
    const hover = await revealHoverOnly(page, target, step.before?.targetBox, timeoutMs);
    shown = undefined; // the pointer moved: what is drawn now is read again
    if (hover) {
      found = hover.found;
      revealed = { hosts: hover.hosts };
    }
  }
  if (!found.ok) return { status: 'failed', reason: found.reason, message: found.message };
  const positive = await onPositive(found.locator, target);
  const notes: string[] = [];
  let visible = shown ?? (await found.locator.isVisible().catch(() => false));
  if (options.rawHtml) {
    const recorded = await recordedVisibility(found.locator, visible);
    if (recorded) {
      visible = recorded.visible;
      notes.push(recorded.note);
    }
  }
  const problem = await fits(found.locator, step.action, visible);
  if (
    problem &&
    options.rawHtml &&
    (step.action.type === 'fill' || step.action.type === 'type') &&
    problem.reason === 'not-actionable' &&
    visible
  ) {
    const tag = await tagOf(found.locator);
    if (couldBeContentEditable(tag)) {
      notes.push(`typed into a <${tag}>: raw_html does not keep contenteditable, so whether it took typing is not recorded (not checked)`);
      return { status: 'passed', locate: found.locate, onPositive: positive, revealed, notes };
    }
  }
  if (problem)
    return { status: 'failed', reason: problem.reason, message: problem.message, locate: found.locate, onPositive: positive, revealed };
  return { status: 'passed', locate: found.locate, onPositive: positive, revealed, ...(notes.length ? { notes } : {}) };
}

/** Whether the action needs its target visible (assertions and file inputs do not). */
function needsVisible(action: Action): boolean {
  return !action.type.startsWith('assert') && action.type !== 'setInputFiles';
}

async function fits(l: Locator, action: Action, visible: boolean): Promise<{ reason: Reason; message: string } | undefined> {
  if (!visible && needsVisible(action))
    return { reason: 'not-actionable', message: 'the target is in the recorded page but not visible there' };
  switch (action.type) {
    case 'fill':
    case 'type':
    case 'clear':
      return (await l.isEditable({ timeout: 1000 }).catch(() => false))
        ? undefined
        : { reason: 'not-actionable', message: `the target (${await tagOf(l)}) is not an editable field` };
    case 'select': {
      const missing = await missingOptions(l, action.options, action.by);
      if (missing) return { reason: 'option-missing', message: missing };
      const tag = await tagOf(l);
      return tag === 'select' ? undefined : { reason: 'not-actionable', message: `the target (${tag}) is not a <select>` };
    }
    case 'check':
    case 'uncheck': {
      const kind = await l.evaluate((el) => (el as HTMLInputElement).type || el.getAttribute('role') || '').catch(() => '');
      return ['checkbox', 'radio', 'switch'].includes(kind)
        ? undefined
        : { reason: 'not-actionable', message: `the target is not a checkbox or radio (${kind || 'no type'})` };
    }
    case 'click':
    case 'hover':
    case 'press':
      return (await l.isEnabled({ timeout: 1000 }).catch(() => true))
        ? undefined
        : { reason: 'not-actionable', message: 'the target is disabled in the recorded page' };
    default:
      return undefined;
  }
}

/** Mind2Web's element accuracy: is the element found one of the recorded positive candidates (or inside one)? */
async function onPositive(l: Locator, target: Target): Promise<boolean | undefined> {
  const positives = target.locate.filter((x) => x.kind === 'backendNodeId').map((x) => x.backendNodeId);
  if (!positives.length) return undefined;
  // The marked node itself, or inside a positive: Mind2Web's positives are the annotated node's
  // nearest clickable ancestor and that ancestor's candidates, so a marked icon inside a positive
  // button (the icon itself no candidate) is that button's target.
  return l
    .evaluate((el, ids) => {
      for (let n: Element | null = el; n; n = n.parentElement) {
        const id = n.getAttribute('backend_node_id');
        if (id !== null && ids.includes(id)) return true;
      }
      return false;
    }, positives)
    .catch(() => false);
}

/** Not a form control: an element only `contenteditable` makes editable. */
function couldBeContentEditable(tag: string): boolean {
  return !['input', 'textarea', 'select', 'button', 'option'].includes(tag);
}

async function tagOf(l: Locator): Promise<string> {
  return l.evaluate((el) => el.tagName.toLowerCase()).catch(() => 'element');
}
