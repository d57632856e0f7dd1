/**
 * Just enough of Playwright's selector grammar (`selectorParser.ts`) to name the element a
 * recorder selector points at. Not a full parser: anything unusual yields `undefined`, and
 * the selector string itself stays the source of truth for replay.
 */

/**
 * What one `internal:` part means, as Playwright's getBy* family would say it. Its shape is
 * the IR's getBy* `Locate` kinds on purpose (so a decoder can keep it as is), written out
 * here so this layer knows no other.
 */
export type PartMeaning =
  | { kind: 'role'; role: string; name?: string; exact?: boolean }
  | { kind: 'text' | 'label' | 'placeholder' | 'alt' | 'title'; text: string; exact?: boolean }
  | { kind: 'testId'; testId: string };

/** Splits on `>>` outside quotes and backslash escapes, like Playwright does. */
export function splitSelector(selector: string): string[] {
  const parts: string[] = [];
  let quote: string | undefined;
  let start = 0;
  for (let i = 0; i < selector.length; i++) {
    const c = selector[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (quote) {
      if (c === quote) quote = undefined;
      continue;
    }
    if (c === '"' || c === "'" || c === '`') {
      quote = c;
      continue;
    }
    if (c === '>' && selector[i + 1] === '>') {
      parts.push(selector.slice(start, i).trim());
      start = i + 2;
      i++;
    }
  }
  parts.push(selector.slice(start).trim());
  return parts;
}

/** `internal:role`, `css`…: the engine of one selector part, `css` when none is named. */
export function partEngine(part: string): string {
  const m = /^([a-zA-Z_0-9+:*-]+)=/.exec(part);
  return m ? m[1]! : 'css';
}

/** Parts that only narrow the previous part's matches; they do not name an element. */
const NARROWING = /^(nth|visible|internal:has-text|internal:has-not-text|internal:has|internal:has-not|internal:and|internal:or)=/;

/** The element the selector ends on, as a role/text/… Locate when the engine says so. */
export function describingLocate(selector: string): PartMeaning | undefined {
  const parts = splitSelector(selector).filter((p) => !NARROWING.test(p));
  const last = parts[parts.length - 1];
  return last === undefined ? undefined : locateFromPart(last);
}

/** One `internal:` part as the equivalent getBy* Locate; undefined for CSS, regexes etc. */
export function locateFromPart(part: string): PartMeaning | undefined {
  const engine = partEngine(part);
  const body = part.slice(engine.length + 1);
  switch (engine) {
    case 'internal:role': {
      const m = /^([a-zA-Z-]+)(.*)$/.exec(body);
      if (!m) return undefined;
      const role = m[1]!;
      const nameAt = m[2]!.indexOf('[name=');
      if (nameAt < 0) return { kind: 'role', role };
      const name = readQuoted(m[2]!, nameAt + '[name='.length);
      return name ? { kind: 'role', role, name: name.value, exact: name.exact } : undefined;
    }
    case 'internal:text':
    case 'internal:label': {
      const q = readQuoted(body, 0);
      return q ? { kind: engine === 'internal:text' ? 'text' : 'label', text: q.value, exact: q.exact } : undefined;
    }
    case 'internal:attr': {
      const m = /^\[(placeholder|alt|title)=/.exec(body);
      const q = m && readQuoted(body, m[0].length);
      return m && q ? { kind: m[1] as 'placeholder' | 'alt' | 'title', text: q.value, exact: q.exact } : undefined;
    }
    case 'internal:testid': {
      const m = /^\[[^=\]]+=/.exec(body);
      const q = m && readQuoted(body, m[0].length);
      return q ? { kind: 'testId', testId: q.value } : undefined;
    }
    default:
      return undefined;
  }
}

/**
 * A `"…"` value at `at`, with the recorder's case suffix: `i` = case-insensitive substring,
 * `s` or none = exact. Regex values (`/…/i`) give undefined.
 */
export function readQuoted(text: string, at: number): { value: string; exact: boolean } | undefined {
  if (text[at] !== '"') return undefined;
  let end = at + 1;
  while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
  if (end >= text.length) return undefined;
  const literal = text.slice(at, end + 1);
  let value: string;
  // Text engines are escaped with JSON.stringify, attribute engines only escape \ and ".
  try {
    value = JSON.parse(literal) as string;
  } catch {
    value = literal.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return { value, exact: text[end + 1] !== 'i' };
}
