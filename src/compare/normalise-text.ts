/**
 * Text as a person reads it, so that two builds of one page compare equal when they say the
 * same thing: NFKC (full-width and compatibility forms), no zero-width or bidi control
 * characters (an older release wrote `post ​/loans` with a zero-width space), one glyph for
 * each family of look-alike icons (✖ × ✕ ╳ ✗ are all "close/delete"), lower case, single spaces.
 */

// Zero-width and invisible formatting: ZWSP, ZWNJ, ZWJ, word joiner, BOM, soft hyphen.
const INVISIBLE = /[\u200B-\u200D\u2060\uFEFF\u00AD]/g;
// Bidi marks, embeddings, overrides and isolates.
const BIDI = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;

/** Look-alike glyph families, each written as its first member (ASCII or Latin-1 where there is one). */
const GLYPH_FAMILIES: readonly string[] = [
  '×✖✕✗✘╳⨯❌❎🗙🗴🞨🞩🞪🞫🞬🞭🞮',
  '✓✔☑✅🗸',
  '+＋➕',
  '-−－➖‒–—',
  '>›❯⟩〉▸▶►⯈',
  '<‹❮⟨〈◂◀◄⯇',
  '…⋯',
  '☰≡',
  '★☆⭐',
];
const GLYPH = new Map<string, string>();
for (const family of GLYPH_FAMILIES) {
  const [first, ...rest] = [...family];
  for (const g of rest) GLYPH.set(g, first!);
}
// Variation selectors (emoji vs text presentation) say nothing about meaning.
const VARIATION = /[\uFE00-\uFE0F]/g;

export function normaliseText(text: string): string {
  let s = text.normalize('NFKC').replace(INVISIBLE, '').replace(BIDI, '').replace(VARIATION, '');
  if (/[^\u0000-\u00FF]/.test(s)) s = [...s].map((c) => GLYPH.get(c) ?? c).join('');
  return s.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Numbers as one token: counters and dates change between visits without the page changing. */
export const maskDigits = (text: string): string => text.replace(/\d+/g, '0');

/**
 * Whether an accessible name matches a recorded one the way Playwright's getByRole matches:
 * equal when `exact`, otherwise contained — after normalisation on both sides.
 */
export function namesMatch(recorded: string, live: string, exact = false): boolean {
  const a = normaliseText(recorded);
  const b = normaliseText(live);
  return exact ? a === b : b.includes(a);
}
