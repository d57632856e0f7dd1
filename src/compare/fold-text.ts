/**
 * Text as a person reads it, for comparing a recorded string with a live one: NFKC (full-width
 * and compatibility forms), no zero-width or bidi control characters (`post ​/loans` is
 * `post /loans`), one glyph for each family of look-alike icon glyphs (✖ × ✕ ╳ are all "close"),
 * lower case, single spaces.
 */
export function foldText(s: string): string {
  return s
    .normalize('NFKC')
    .replace(INVISIBLE, '')
    .replace(GLYPH_FAMILY, (g) => CANONICAL_GLYPH[g] ?? g)
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
}

// Zero-width space/joiners, LRM/RLM, bidi embeddings/overrides/isolates, word joiner, BOM, soft hyphen.
const INVISIBLE = /[\u00ad\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/g;

// Icon fonts and CSS `content` draw the same control with different code points from one build
// to the next; each family maps to its first member.
const FAMILIES = [
  '✖×✕✗✘╳⨯❌❎🗙', // close / delete
  '✔✓☑✅🗸', // done / check
  '+➕', // add
  '▾▼⏷▿⌄', // open menu
  '▸▶⏵▹›', // expand
  '☰≡', // menu
  '✎✏🖉🖊', // edit
] as const;
const CANONICAL_GLYPH: Record<string, string> = {};
for (const family of FAMILIES) {
  const glyphs = Array.from(family);
  for (const g of glyphs) CANONICAL_GLYPH[g] = glyphs[0]!;
}
const GLYPH_FAMILY = new RegExp(`[${FAMILIES.join('').replace(/[\\\]^-]/g, '\\$&')}]`, 'gu');

/**
 * Identifier words: `input-request-param-bookId` → input, request, param, book, id. Splits on
 * punctuation, digits boundaries and camelCase, so an id, a class list and a `data-*` value
 * that say the same thing in different spellings share their words.
 */
export function identifierWords(s: string): string[] {
  return s
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter((w) => w.length > 1);
}
