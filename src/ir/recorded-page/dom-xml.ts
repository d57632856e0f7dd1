import { Parser } from 'htmlparser2';

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// Never rendered from a recording: they would run code or fetch, and the snapshot shows neither.
const DROP = new Set(['script', 'noscript', 'object', 'embed']);

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Mind2Web's `raw_html` is XML of the recorded DOM, not HTML a browser renders as the page
 * was: text sits in `<text>` elements, every attribute name had its non-word characters turned
 * into `_` (`aria_label`), and iframe documents are nested inside `<iframe>`. This turns it
 * back into HTML with the recorded structure: `<text>` unwrapped, `aria-*`/`data-*` names
 * restored (the underscored originals kept too, so `backend_node_id` and the buckeye marker
 * still find the target), nested documents rendered in place as blocks, scripts dropped.
 */
export function renderableHtml(rawHtml: string): string {
  const out: string[] = [];
  let dropDepth = 0;
  let iframeDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        if (DROP.has(name)) {
          dropDepth++;
          return;
        }
        if (dropDepth || name === 'text') return;
        let tag = name;
        if (iframeDepth && (name === 'html' || name === 'body' || name === 'head')) tag = 'div';
        if (name === 'iframe') {
          iframeDepth++;
          tag = 'div';
          attribs = { ...attribs, 'data-recorded-iframe': '' };
        }
        const attrs = Object.entries(attribs).flatMap(([k, v]) => {
          const restored = /^(aria|data)_/.test(k) ? k.replace(/_/g, '-') : undefined;
          const pairs: [string, string][] = [[k, v]];
          if (restored && restored !== k) pairs.push([restored, v]);
          return pairs.filter(([n]) => !/^on/i.test(n));
        });
        out.push(`<${tag}${attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join('')}>`);
      },
      ontext(text) {
        if (!dropDepth) out.push(escapeText(text));
      },
      onclosetag(name) {
        if (DROP.has(name)) {
          dropDepth = Math.max(0, dropDepth - 1);
          return;
        }
        if (dropDepth || name === 'text' || VOID.has(name)) return;
        let tag = name;
        if (name === 'iframe') {
          iframeDepth = Math.max(0, iframeDepth - 1);
          tag = 'div';
        } else if (iframeDepth && (name === 'html' || name === 'body' || name === 'head')) tag = 'div';
        out.push(`</${tag}>`);
      },
    },
    { xmlMode: true, decodeEntities: true },
  );
  parser.write(rawHtml.replace(/^<!DOCTYPE[^>]*>/i, ''));
  parser.end();
  return `<!doctype html>${out.join('')}`;
}
