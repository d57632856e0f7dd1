import { Parser } from 'htmlparser2';
import { textSimilarity } from './visible-text.js';

// Elements a person never reads on the page.
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// Attributes that say what an element is for; everything else (classes, styles, generated ids,
// timestamps, framework data-*) changes between builds without the page changing.
const STABLE_ATTRS = ['role', 'type', 'name', 'href', 'aria-label', 'placeholder', 'data-testid', 'for', 'alt', 'title'];

const WORDLIKE = /[\p{L}\p{N}]/u;

/** Mind2Web's raw_html (every node carries `backend_node_id`) keeps only some attributes of each element. */
export const keepsAttributes = (html: string): boolean => !/\sbackend_node_id=/.test(html.slice(0, 4000));

export interface PageShape {
  /** Readable words, lower-cased. */
  words: string[];
  /** One signature per element: its parent's tag, its tag and its stable attributes. */
  elements: string[];
}

/**
 * Reads an HTML page (recorded or live) into the two things compared between them — its
 * visible words and its element structure — in one streaming pass, without a browser.
 * Elements at masked paths (learned by `--calibrate`: clocks, counters) are left out.
 */
export interface ShapeOptions {
  /** Element paths (`html > body:nth-child(2) > …`, learned by `--calibrate`) to leave out. */
  masked?: readonly string[];
  /** Sign elements by their stable attributes too (default); off for recordings that dropped them. */
  attributes?: boolean;
}

export function pageShape(html: string, options: ShapeOptions = {}): PageShape {
  const masked = options.masked ?? [];
  const withAttributes = options.attributes ?? true;
  const words: string[] = [];
  const elements: string[] = [];
  const stack: string[] = [];
  // Element paths as `html > body:nth-child(2) > …`, the form `--calibrate` learns masks in.
  const open: { name: string; path: string; children: number; masked: boolean }[] = [];
  const maskSet = new Set(masked);
  let top = 0;
  let hiddenDepth = 0;
  let maskedDepth = 0;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        const parent = open.at(-1);
        const path = parent ? `${parent.path} > ${name}:nth-child(${++parent.children})` : top++ === 0 ? name : `${name}:nth-child(${top})`;
        const isMasked = maskSet.size > 0 && maskSet.has(path);
        if (HIDDEN.has(name)) hiddenDepth++;
        if (isMasked) maskedDepth++;
        if (hiddenDepth === 0 && maskedDepth === 0) {
          const attrs = withAttributes ? STABLE_ATTRS.filter((a) => attribs[a] !== undefined).map((a) => `${a}=${stableValue(a, attribs[a]!)}`) : [];
          const id = withAttributes && attribs.id && !/\d/.test(attribs.id) ? `#${attribs.id}` : '';
          elements.push(`${stack.at(-1) ?? ''}>${name}${id}${attrs.length ? `[${attrs.join(',')}]` : ''}`);
        }
        if (!VOID.has(name)) {
          stack.push(name);
          open.push({ name, path, children: 0, masked: isMasked });
        } else if (isMasked) maskedDepth--;
      },
      onclosetag(name) {
        if (HIDDEN.has(name) && hiddenDepth > 0) hiddenDepth--;
        if (!VOID.has(name) && stack.at(-1) === name) {
          stack.pop();
          if (open.pop()?.masked) maskedDepth--;
        }
      },
      ontext(text) {
        // Words only: a dash or a bullet is typography, and some recordings drop it.
        if (hiddenDepth === 0 && maskedDepth === 0) for (const w of text.split(/\s+/)) if (WORDLIKE.test(w)) words.push(w.toLowerCase());
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  return { words, elements };
}

/** Query strings and digits in values are as volatile as timestamps. */
function stableValue(attr: string, value: string): string {
  const v = attr === 'href' ? value.split(/[?#]/)[0]! : value;
  return v.replace(/\d+/g, '0').slice(0, 80);
}

export interface DomSimilarity {
  textSimilarity: number;
  structureSimilarity: number;
}

export function domSimilarity(recorded: PageShape, live: PageShape): DomSimilarity {
  return {
    textSimilarity: textSimilarity(recorded.words, live.words),
    structureSimilarity: textSimilarity(recorded.elements, live.elements),
  };
}
