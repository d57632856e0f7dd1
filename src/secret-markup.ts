/**
 * A secret the exact-text scrub (secrets.ts) cannot see: written with character references
 * (`&#83;ekr3t`, `&#x53;`, `&amp;`) or split by tags (`Sek<b>r3t</b>`), as a page may echo it and
 * as it then sits in final.html, step dumps and trace resources. The text is read as markup —
 * tags set aside, references decoded — and every stretch of source whose text spells a secret is
 * replaced, tags inside it included.
 */
export function scrubMarkup(text: string, secrets: readonly { value: string; replacement: string }[]): string {
  if (secrets.length === 0 || (!text.includes('<') && !text.includes('&'))) return text;
  const { plain, from, to } = readText(text);
  const cuts: { start: number; end: number; replacement: string }[] = [];
  for (const s of secrets) {
    if (s.value === '') continue;
    for (let at = plain.indexOf(s.value); at >= 0; at = plain.indexOf(s.value, at + s.value.length)) {
      cuts.push({ start: from[at]!, end: to[at + s.value.length - 1]!, replacement: s.replacement });
    }
  }
  if (cuts.length === 0) return text;
  cuts.sort((a, b) => a.start - b.start || b.end - a.end);
  let out = '';
  let at = 0;
  for (const c of cuts) {
    if (c.start < at) continue; // overlaps one already cut
    out += text.slice(at, c.start) + c.replacement;
    at = c.end;
  }
  return out + text.slice(at);
}

const NAMED: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0', '#39': "'" };
const TAG = /<(?:[a-zA-Z/!?][^<>]*)>/y;
const REF = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([a-zA-Z]{2,8}|#39));?/y;

/** The text of markup (tags dropped, references decoded), with each text char's source range [from, to). */
function readText(text: string): { plain: string; from: number[]; to: number[] } {
  let plain = '';
  const from: number[] = [];
  const to: number[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i]!;
    if (ch === '<') {
      TAG.lastIndex = i;
      if (TAG.test(text)) {
        i = TAG.lastIndex;
        continue;
      }
    } else if (ch === '&') {
      REF.lastIndex = i;
      const m = REF.exec(text);
      const decoded = m ? (m[1] ? codePoint(Number(m[1])) : m[2] ? codePoint(parseInt(m[2], 16)) : NAMED[m[3]!.toLowerCase()]) : undefined;
      if (m && decoded !== undefined) {
        for (const unit of decoded) {
          plain += unit;
          from.push(i);
          to.push(REF.lastIndex);
        }
        i = REF.lastIndex;
        continue;
      }
    }
    plain += ch;
    from.push(i);
    to.push(i + 1);
    i += 1;
  }
  return { plain, from, to };
}

function codePoint(n: number): string | undefined {
  return n > 0 && n <= 0x10ffff ? String.fromCodePoint(n) : undefined;
}
