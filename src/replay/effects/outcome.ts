import type { Outcome, TargetFound } from '../perform.js';
import type { EffectCheck } from './effect.js';

/** An effect check as the step's outcome: a failed postcondition is a failed step, `no-effect`. */
export function fromCheck(check: EffectCheck, found?: TargetFound, notes?: string[]): Outcome {
  return check.ok
    ? { status: 'passed', found, notes, effect: check.mark }
    : { status: 'failed', reason: 'no-effect', message: check.message, found };
}
