import { alikeRoles } from './kindred-roles.js';
import type { Control } from './page-controls.js';

/**
 * How alike two pages' controls are: the Dice coefficient over their role + name pairs (as
 * textSimilarity over words), where a control the HTML gives no name (an icon button named by
 * CSS, an image without alt) is no evidence either way. Left over once the equal pairs are
 * counted, it pairs with a named control of its role on the other side: a release that drops
 * its toolbar's aria-labels has the same buttons, where a page of other controls does not. A
 * named control pairs first with one of the same name in an alike role (alikeRoles).
 * `key` gives a control's name as compared (digits masked, cut short).
 */
export function controlSimilarity(recorded: readonly Control[], live: readonly Control[], key: (c: Control) => string): number {
  if (recorded.length === 0 && live.length === 0) return 1;
  type Keyed = { role: string; name: string };
  const keyed = (cs: readonly Control[]): Keyed[] => cs.map((c) => ({ role: c.role, name: key(c) }));
  const unmatched = new Map<string, Keyed[]>();
  for (const c of keyed(recorded)) {
    const k = `${c.role}:${c.name}`;
    const same = unmatched.get(k);
    if (same) same.push(c);
    else unmatched.set(k, [c]);
  }
  let shared = 0;
  const liveLeft: Keyed[] = [];
  for (const c of keyed(live)) {
    const same = unmatched.get(`${c.role}:${c.name}`);
    if (same?.length) {
      same.pop();
      shared += 1;
    } else liveLeft.push(c);
  }
  let recordedLeft = [...unmatched.values()].flat();
  // Then the same name in an alike role (a sort button that became a link).
  for (const c of recordedLeft.filter((r) => r.name !== '')) {
    const i = liveLeft.findIndex((l) => l.name === c.name && alikeRoles(c.role, l.role));
    if (i < 0) continue;
    liveLeft.splice(i, 1);
    recordedLeft = recordedLeft.filter((r) => r !== c);
    shared += 1;
  }
  // Per role: unnamed on one side with named on the other (unnamed with unnamed were equal pairs above).
  for (const role of new Set(recordedLeft.map((c) => c.role))) {
    const count = (cs: Keyed[], named: boolean) => cs.filter((c) => c.role === role && (c.name !== '') === named).length;
    shared += Math.min(count(recordedLeft, false), count(liveLeft, true)) + Math.min(count(liveLeft, false), count(recordedLeft, true));
  }
  return (2 * shared) / (recorded.length + live.length);
}
