import type { Locate } from '../../ir/target.js';
import type { Action } from '../../ir/action.js';

/** One decoded recorder line as the episode assemblers hold it. */
export interface RefStep {
  action: Action;
  page: string;
  /** The line's `ref` (recorders ≥ 1.5x): the element's id in the recorder's page snapshot. */
  ref?: unknown;
}

/**
 * Lines in a row on one page with the same `ref` act on the same element. The recorder names
 * it afresh on each line from what it shows at that moment: typing into a contenteditable
 * cell that read "Ada" is recorded as a fill of `internal:text="Grace"i`, which matches
 * nothing before the fill. Each such line gets the earlier lines' locators as alternatives
 * (after its own), so the replay finds the element the way the recording first did.
 * Returns the steps with targets extended; steps without a ref are left as they are.
 */
export function shareSameElementLocators<T extends RefStep>(steps: T[]): T[] {
  return steps.map((step, i) => {
    const target = 'target' in step.action ? step.action.target : undefined;
    if (!target) return step;
    const extra: Locate[] = [];
    for (let j = i - 1; j >= 0 && typeof step.ref === 'string' && step.ref !== ''; j--) {
      const prev = steps[j]!;
      if (prev.page !== step.page || prev.ref !== step.ref) break;
      const prevTarget = 'target' in prev.action ? prev.action.target : undefined;
      for (const l of prevTarget?.locate ?? []) {
        if (l.kind !== 'selector' || [...target.locate, ...extra].some((o) => JSON.stringify(o) === JSON.stringify(l))) continue;
        extra.push(l);
      }
    }
    // ≤1.49 lines have no ref, but keep the selector the element had when it was focused: a key
    // pressed after a fill of a text-named cell ("Ada" → "Grace") still names it "Ada". The
    // element after the fill reads the filled text.
    const prev = steps[i - 1];
    const own = target.locate[0];
    if (
      prev &&
      prev.page === step.page &&
      prev.action.type === 'fill' &&
      own?.kind === 'selector' &&
      /^internal:text=/.test(own.selector)
    ) {
      const prevTarget = prev.action.target.locate[0];
      if (prevTarget?.kind === 'selector' && prevTarget.selector === own.selector && prev.action.text.trim() !== '') {
        extra.push({
          kind: 'selector',
          selector: `internal:text=${JSON.stringify(prev.action.text.trim())}s`,
          ...(own.framePath ? { framePath: own.framePath } : {}),
        });
      }
    }
    if (extra.length === 0) return step;
    return { ...step, action: { ...step.action, target: { ...target, locate: [...target.locate, ...extra] } } };
  });
}
