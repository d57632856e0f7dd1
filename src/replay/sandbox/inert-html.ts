import { Parser } from 'htmlparser2';
import { escapeHtml } from '../../escape-html.js';

/**
 * The policy an inert page carries as its first element: no script, no connection of any kind;
 * inline styles and data: images still render. A meta CSP placed before everything else holds
 * for the whole document, event-handler attributes and `javascript:` URLs included.
 */
export const INERT_CSP =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; font-src data:; media-src data:; form-action 'none'; base-uri 'none'";

/** Elements removed with their content: they run code or load another document. */
const DROPPED = new Set(['script', 'object', 'embed', 'applet', 'portal', 'base']);
/** Attributes that load or navigate; their value is dropped when it is script (`javascript:`) or an HTML document in a data: URL. */
const URL_ATTRS = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'lowsrc', 'dynsrc']);
const SCRIPT_URL = /^[\s\0-\x1f]*(javascript|vbscript|data\s*:\s*(text\/html|image\/svg|application\/xhtml))/i;

/**
 * A page's HTML (as captured live) made safe to open from the report: scripts, plugins and
 * `<base>` removed, event handlers and script URLs dropped, `srcdoc` and `ping` gone, refreshes
 * removed, our own `data-rw-*` marks (candidate, reveal and hover marks the replay put on the
 * live page) stripped — and a Content-Security-Policy meta first, so whatever this cleanup
 * misses in hostile markup still cannot run or connect. Text and layout are kept.
 */
export function inertHtml(html: string): string {
  const edits: { from: number; to: number; text: string }[] = [];
  let cspAt = 0;
  /** Open elements being dropped: the start of the outermost, and how deep we are. */
  let drop: { from: number; name: string; depth: number } | undefined;
  const parser: Parser = new Parser(
    {
      onprocessinginstruction(name) {
        if (name.toLowerCase() === '!doctype' && edits.length === 0) cspAt = parser.endIndex + 1;
      },
      onopentag(name, attribs) {
        const from = parser.startIndex;
        const to = parser.endIndex + 1;
        if (drop) {
          if (name === drop.name) drop.depth += 1;
          return;
        }
        if (DROPPED.has(name) || (name === 'meta' && /^(refresh|set-cookie)$/i.test((attribs['http-equiv'] ?? '').trim()))) {
          if (name === 'base' || name === 'meta' || name === 'embed') edits.push({ from, to, text: '' });
          else drop = { from, name, depth: 1 };
          return;
        }
        const kept = Object.entries(attribs).filter(([k, v]) => keepAttribute(k, v));
        if (kept.length === Object.keys(attribs).length) return;
        const selfClosing = html.slice(from, to).endsWith('/>');
        edits.push({ from, to, text: `<${name}${kept.map(([k, v]) => ` ${k}="${escapeHtml(v)}"`).join('')}${selfClosing ? ' />' : '>'}` });
      },
      onclosetag(name) {
        if (!drop || name !== drop.name) return;
        drop.depth -= 1;
        if (drop.depth > 0) return;
        edits.push({ from: drop.from, to: Math.max(parser.endIndex + 1, drop.from), text: '' });
        drop = undefined;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true, recognizeSelfClosing: false },
  );
  parser.end(html);
  // An element left open at the end (a truncated page) is dropped to the end.
  if (drop) edits.push({ from: drop.from, to: html.length, text: '' });
  let out = '';
  let at = 0;
  for (const e of edits.sort((a, b) => a.from - b.from)) {
    if (e.from < at) continue; // inside something already dropped
    out += html.slice(at, e.from) + e.text;
    at = Math.max(at, e.to);
  }
  out += html.slice(at);
  const meta = `<meta http-equiv="Content-Security-Policy" content="${escapeHtml(INERT_CSP)}">`;
  const insertAt = Math.min(cspAt, out.length);
  return out.slice(0, insertAt) + meta + out.slice(insertAt);
}

function keepAttribute(name: string, value: string): boolean {
  if (name.startsWith('on') || name.startsWith('data-rw-') || name === 'srcdoc' || name === 'ping') return false;
  if (URL_ATTRS.has(name) && SCRIPT_URL.test(value)) return false;
  return true;
}
