import { Parser } from 'htmlparser2';

// Elements whose text a person never reads on the page.
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);

/** The page's readable text as words, from HTML, without a browser. */
export function visibleWords(html: string): string[] {
  const words: string[] = [];
  let hiddenDepth = 0;
  const parser = new Parser(
    {
      onopentagname(name) {
        if (HIDDEN.has(name)) hiddenDepth += 1;
      },
      onclosetag(name) {
        if (HIDDEN.has(name) && hiddenDepth > 0) hiddenDepth -= 1;
      },
      ontext(text) {
        if (hiddenDepth === 0) for (const w of text.split(/\s+/)) if (w) words.push(w.toLowerCase());
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return words;
}

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
