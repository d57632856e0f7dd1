/**
 * Dice similarity of two word multisets, 0–1: 1 when the pages read the same, whatever the
 * markup; word order is ignored so a moved block does not count as changed text.
 * `spared`: words of `a` (or `b`) that, left without a match in the other, are not counted at
 * all (a control's name, which another measure judges): up to as many as each holds.
 */
export function textSimilarity(
  a: readonly string[],
  b: readonly string[],
  spared?: { a: readonly string[]; b: readonly string[] },
): number {
  const counts = multiset(a);
  let shared = 0;
  const unmatchedB: string[] = [];
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(w, n - 1);
    } else unmatchedB.push(w);
  }
  let unmatchedA = a.length - shared;
  let unmatchedBCount = unmatchedB.length;
  if (spared) {
    const spareA = multiset(spared.a);
    for (const [w, n] of counts) unmatchedA -= Math.min(n, spareA.get(w) ?? 0);
    const spareB = multiset(spared.b);
    for (const w of unmatchedB) {
      const n = spareB.get(w) ?? 0;
      if (n > 0) {
        unmatchedBCount -= 1;
        spareB.set(w, n - 1);
      }
    }
  }
  const total = 2 * shared + unmatchedA + unmatchedBCount;
  return total === 0 ? 1 : (2 * shared) / total;
}

/** How many times each item occurs. */
export function multiset<T>(items: Iterable<T>): Map<T, number> {
  const counts = new Map<T, number>();
  for (const item of items) counts.set(item, (counts.get(item) ?? 0) + 1);
  return counts;
}
