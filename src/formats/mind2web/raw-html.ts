import { Parser } from 'htmlparser2';
import { escapeHtml } from '../../escape-html.js';

/**
 * The attribute Mind2Web's annotation tool put on each step's target (`data-pw-testid-buckeye`
 * on the live page and in the raw-dump MHTML); `raw_html` renamed it, like every attribute,
 * with `_` for each non-word character.
 */
export const MARKER_ATTR_RAW = 'data_pw_testid_buckeye';
export const MARKER_ATTR_LIVE = 'data-pw-testid-buckeye';

/** The marked element of a step, as `raw_html` recorded it. */
export interface MarkedElement {
  tag: string;
  attributes: Record<string, string>;
  /** Its descendant text, whitespace collapsed, at most TEXT_MAX characters. */
  text: string;
}

/** Fingerprint text longer than this is cut: a target is a control, not a page section. */
const TEXT_MAX = 200;
/** How much of `raw_html` after the marked start tag is read to collect its text. */
export const SCAN_MAX = 256 * 1024;

/**
 * Finds the element whose `data_pw_testid_buckeye` equals `actionUid` in `raw_html` (lxml XML:
 * attributes double-quoted, `<`/`>`/`"` escaped inside them, text in `<text>` elements) and
 * reads its tag, attributes and text. Only the element's own subtree is parsed: `raw_html` is
 * megabytes per step, and the marker is found with one `indexOf`.
 */
export function findMarkedElement(html: string, actionUid: string): MarkedElement | undefined {
  const needle = markerNeedle(actionUid);
  let at = html.indexOf(needle);
  // The marker must be an attribute, not text that happens to read like one.
  while (at !== -1 && !/\s/.test(html[at - 1] ?? '')) at = html.indexOf(needle, at + 1);
  if (at === -1) return undefined;
  const start = html.lastIndexOf('<', at);
  if (start === -1) return undefined;
  return readElement(html, start).found;
}

/** The marker attribute of a step's target as `raw_html` writes it. */
export const markerNeedle = (actionUid: string): string => `${MARKER_ATTR_RAW}="${escapeHtml(actionUid)}"`;

/**
 * Reads the element whose start tag begins at `html[start]`, at most SCAN_MAX characters of it.
 * `final` is false when `html` ended before that and before the element did (a caller holding
 * only part of the page must read more).
 */
export function readElement(html: string, start: number): { found?: MarkedElement; final: boolean } {
  let found: MarkedElement | undefined;
  let depth = 0;
  let done = false;
  const text: string[] = [];
  let textLength = 0;
  // Once the element is read, the tokenizer stops at once: the rest of the written slice
  // (often the whole page after a small control) is never tokenized.
  const stop = () => {
    done = true;
    parser.pause();
  };
  const parser: Parser = new Parser(
    {
      onopentag(name, attributes) {
        if (done) return;
        if (depth === 0) found = { tag: name.toLowerCase(), attributes: { ...attributes }, text: '' };
        depth++;
      },
      ontext(data) {
        // Entities split one text into several events: keep the pieces as they are, collapse later.
        if (done || depth === 0) return;
        text.push(data);
        textLength += data.length;
        // Enough text for the fingerprint: the rest of a large element (a whole <body>) need not be parsed.
        if (textLength > TEXT_MAX * 4) stop();
      },
      onclosetag() {
        if (done) return;
        depth--;
        if (depth === 0) stop();
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  let from = start;
  for (; !done && from < html.length && from - start < SCAN_MAX; from += 16 * 1024) {
    parser.write(html.slice(from, from + 16 * 1024));
  }
  const final = done || from - start >= SCAN_MAX;
  if (!found) return { final };
  // Pretty-printing put whitespace between elements; the page's own spaces are kept, collapsed.
  found.text = text.join('').replace(/\s+/g, ' ').trim().slice(0, TEXT_MAX);
  return { found, final };
}
