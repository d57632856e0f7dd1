import { splitSelector } from './selector-text.js';

/** A selector the browser's own query answers as Playwright's selector engine would. */
export interface PlainSelector {
  engine: 'css' | 'xpath';
  body: string;
}

/**
 * The selector as plain CSS or XPath, when it is one: a single part (no `>>`), `css=`/`xpath=`
 * or bare (Playwright reads a bare part as XPath when it starts with `//` or `..`, as text when
 * it starts with a quote, as CSS otherwise). Undefined for anything only Playwright's engines
 * read (`internal:role=…`, `text=…`, chains).
 *
 * A CSS body may still hold Playwright's own pseudo-classes (`:has-text()`, `:visible`): the
 * browser rejects those, and the caller then asks Playwright. `:scope` is left to Playwright
 * too: from the document it means the document to Playwright, the root element to the browser.
 * Playwright's CSS also pierces open shadow roots, which the browser's does not: the caller
 * checks the page has none (XPath pierces none in either).
 */
export function plainSelector(selector: string): PlainSelector | undefined {
  const parts = splitSelector(selector);
  const part = parts.length === 1 ? parts[0]! : '';
  if (!part) return undefined;
  if (part.startsWith('//') || part.startsWith('..')) return { engine: 'xpath', body: part };
  if (part.startsWith('"') || part.startsWith("'") || part.startsWith('`')) return undefined;
  const named = /^([a-zA-Z_0-9+:*-]+)=/.exec(part);
  const engine = named ? named[1]! : 'css';
  const body = named ? part.slice(named[0].length).trim() : part;
  if (!body) return undefined;
  if (engine === 'xpath') return { engine, body };
  if (engine !== 'css' || /:scope\b/i.test(body)) return undefined;
  return { engine, body };
}
