/**
 * The words one text has that the other lacks (as multisets, each side in its own order), at
 * most `max` per side: what a final-state mismatch tells the reader instead of only a ratio.
 */
export function wordsDiff(recorded: readonly string[], live: readonly string[], max = 12): { missing: string[]; extra: string[] } {
  return { missing: onlyIn(recorded, live).slice(0, max), extra: onlyIn(live, recorded).slice(0, max) };
}

function onlyIn(a: readonly string[], b: readonly string[]): string[] {
  const left = new Map<string, number>();
  for (const w of b) left.set(w, (left.get(w) ?? 0) + 1);
  const out: string[] = [];
  for (const w of a) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else out.push(w);
  }
  return out;
}

/** `recorded "…" / now "…"` for a message, or '' when the texts hold the same words. */
export function describeWordsDiff(diff: { missing: string[]; extra: string[] }): string {
  const quote = (words: string[]) => (words.length ? `"${words.join(' ')}"` : 'nothing else');
  if (!diff.missing.length && !diff.extra.length) return '';
  return `the recording's final page also read ${quote(diff.missing)}, this one instead reads ${quote(diff.extra)}`;
}
