import { escapeHtml } from './escape-html.js';
import { scrubMarkup } from './secret-markup.js';

/**
 * The one place secret values are taken out of what we write: results, summaries, logs, HTML
 * dumps, exported scripts and trace zips all go through a {@link Redactor}. A secret is replaced
 * by `[secret:NAME]` wherever it appears — as typed, and in the escaped forms the outputs we
 * write use (JSON strings, HTML text and attributes, URL queries) — so a value that slipped into
 * an error message or a page the site rendered is caught too, not only the fields we know of.
 */
export interface Secret {
  name: string;
  value: string;
}

export class Redactor {
  /** [needle, replacement], longest needle first so a secret inside another is not half-replaced. */
  private readonly pairs: [string, string][];
  private readonly bytePairs: [Buffer, Buffer][];
  private readonly raw: { value: string; replacement: string }[];

  constructor(readonly secrets: readonly Secret[] = []) {
    const pairs = new Map<string, string>();
    for (const s of secrets) {
      if (s.value === '') continue;
      for (const form of encodedForms(s.value)) if (!pairs.has(form)) pairs.set(form, `[secret:${s.name}]`);
    }
    this.pairs = [...pairs].sort((a, b) => b[0].length - a[0].length);
    this.bytePairs = this.pairs.map(([n, r]) => [Buffer.from(n, 'utf8'), Buffer.from(r, 'utf8')]);
    this.raw = secrets
      .filter((s) => s.value !== '')
      .map((s) => ({ value: s.value, replacement: `[secret:${s.name}]` }))
      .sort((a, b) => b.value.length - a.value.length);
  }

  /** Whether there is anything to redact. */
  get active(): boolean {
    return this.pairs.length > 0;
  }

  scrub(text: string): string {
    let out = text;
    for (const [needle, replacement] of this.pairs) if (out.includes(needle)) out = out.split(needle).join(replacement);
    // Then as markup: character references decoded, tags in between skipped.
    return scrubMarkup(out, this.raw);
  }

  /** Every string (and object key) in a JSON-like value scrubbed; other values kept. */
  scrubDeep<T>(value: T): T {
    if (!this.active) return value;
    const walk = (v: unknown): unknown => {
      if (typeof v === 'string') return this.scrub(v);
      if (Array.isArray(v)) return v.map(walk);
      if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
        return Object.fromEntries(Object.entries(v).map(([k, x]) => [this.scrub(k), walk(x)]));
      }
      if (v instanceof Error) return this.scrub(v.message);
      return v;
    };
    return walk(value) as T;
  }

  /** The same on raw bytes (trace entries, HTML files), whatever their text encoding is UTF-8. */
  scrubBytes(buf: Buffer): Buffer {
    let out = buf;
    for (const [needle, replacement] of this.bytePairs) out = replaceBytes(out, needle, replacement);
    // Text entries (HTML resources, JSON) are also read as markup; binary ones (images, with NULs) are not text.
    if (!this.active || out.includes(0) || (!out.includes(0x3c) && !out.includes(0x26))) return out;
    const text = out.toString('utf8');
    if (!Buffer.from(text, 'utf8').equals(out)) return out; // not UTF-8: left as bytes
    const scrubbed = scrubMarkup(text, this.raw);
    return scrubbed === text ? out : Buffer.from(scrubbed, 'utf8');
  }
}

export const NO_SECRETS = new Redactor();

/** The ways a value shows up in what we write: raw, JSON-escaped, HTML-escaped, URL-encoded. */
function encodedForms(value: string): string[] {
  const forms = new Set<string>([value]);
  forms.add(JSON.stringify(value).slice(1, -1));
  forms.add(escapeHtml(value).replace(/'/g, '&#39;'));
  forms.add(escapeHtml(value));
  forms.add(encodeURIComponent(value));
  forms.add(encodeURIComponent(value).replace(/%20/g, '+'));
  return [...forms].filter((f) => f !== '');
}

function replaceBytes(buf: Buffer, needle: Buffer, replacement: Buffer): Buffer {
  let at = buf.indexOf(needle);
  if (at < 0) return buf;
  const parts: Buffer[] = [];
  let from = 0;
  while (at >= 0) {
    parts.push(buf.subarray(from, at), replacement);
    from = at + needle.length;
    at = buf.indexOf(needle, from);
  }
  parts.push(buf.subarray(from));
  return Buffer.concat(parts);
}
