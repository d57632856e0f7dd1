import type { Step } from '../ir/index.js';

/** Keys that do nothing on their own: pressed alone (a recorder's `press Shift`), the page stays as it was. */
const LONE_MODIFIERS = new Set([
  'Shift',
  'Control',
  'Alt',
  'Meta',
  'ControlOrMeta',
  'ShiftLeft',
  'ShiftRight',
  'ControlLeft',
  'ControlRight',
  'AltLeft',
  'AltRight',
  'MetaLeft',
  'MetaRight',
]);

/** A modifier key alone: nothing on its own, held for what comes next (a Shift-click). */
export const isLoneModifier = (key: string): boolean => LONE_MODIFIERS.has(key);

/** Whether a step cannot have changed the page, so the before-state after it is the one before it. */
export function cannotChangePage(step: Step): boolean {
  const a = step.action;
  return a.type === 'press' && isLoneModifier(a.key) && a.modifiers.length === 0 && !step.expect?.length;
}
