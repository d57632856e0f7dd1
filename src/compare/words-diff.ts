import { multiset } from './visible-text.js';

/**
 * The words one text has that the other lacks (as multisets, each side in its own order), at
 * most `max` per side: what a final-state mismatch tells the reader instead of only a ratio.
 */
export function wordsDiff(recorded: readonly string[], live: readonly string[], max = 12): { missing: string[]; extra: string[] } {
  // The common start and end first: one inserted or changed run (a banner, a status line) then
  // comes out whole and in order, not as the words a multiset happens to leave over.
  let start = 0;
  while (start < recorded.length && start < live.length && recorded[start] === live[start]) start++;
  let end = 0;
  while (end < recorded.length - start && end < live.length - start && recorded[recorded.length - 1 - end] === live[live.length - 1 - end])
    end++;
  const a = recorded.slice(start, recorded.length - end);
  const b = live.slice(start, live.length - end);
  return { missing: onlyIn(a, b).slice(0, max), extra: onlyIn(b, a).slice(0, max) };
}

function onlyIn(a: readonly string[], b: readonly string[]): string[] {
  const left = multiset(b);
  const out: string[] = [];
  for (const w of a) {
    const n = left.get(w) ?? 0;
    if (n > 0) left.set(w, n - 1);
    else out.push(w);
  }
  return out;
}

/** For a message: what the recorded `page` read that the live one does not, and the reverse; '' when no word differs. */
export function describeWordsDiff(diff: { missing: string[]; extra: string[] }, page = 'final page'): string {
  const quote = (words: string[]) => (words.length ? `"${words.join(' ')}"` : 'nothing else');
  if (!diff.missing.length && !diff.extra.length) return '';
  return `the recording's ${page} also read ${quote(diff.missing)}, this one instead reads ${quote(diff.extra)}`;
}
