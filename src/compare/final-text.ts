import { keepsAttributes, pageShape } from './dom-similarity.js';
import { textSimilarity } from './visible-text.js';
import { wordsDiff } from './words-diff.js';

/** How alike the final page reads to the recorded one, and the words that differ. */
export interface FinalText {
  similarity: number;
  missing: string[];
  extra: string[];
}

/**
 * The final page against the state the recording ended in, by its words. Read two ways — the
 * words outside page chrome (a rebuilt footer's credits do not count) and every visible word (a
 * note that moved into or out of the chrome does not either) — and the closer reading is the
 * verdict: never stricter than comparing every word, which is what `--final-text-min` was set on.
 */
export function finalText(recordedHtml: string, liveHtml: string): FinalText {
  const [recorded, live] = [recordedHtml, liveHtml].map((html) => pageShape(html, { attributes: keepsAttributes(html) }));
  const main = (s: typeof recorded) => (s!.mainWords.length ? s!.mainWords : s!.words);
  const readings = [
    [main(recorded), main(live)],
    [recorded!.words, live!.words],
  ] as const;
  const [best] = readings.map(([r, l]) => ({ r, l, similarity: textSimilarity(r, l) })).sort((a, b) => b.similarity - a.similarity);
  return { similarity: best!.similarity, ...wordsDiff(best!.r, best!.l) };
}
