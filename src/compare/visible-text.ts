/**
 * Dice similarity of two word multisets, 0–1: 1 when the pages read the same, whatever the
 * markup; word order is ignored so a moved block does not count as changed text.
 */
export function textSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 && b.length === 0) return 1;
  const counts = new Map<string, number>();
  for (const w of a) counts.set(w, (counts.get(w) ?? 0) + 1);
  let shared = 0;
  for (const w of b) {
    const n = counts.get(w) ?? 0;
    if (n > 0) {
      shared += 1;
      counts.set(w, n - 1);
    }
  }
  return (2 * shared) / (a.length + b.length);
}
