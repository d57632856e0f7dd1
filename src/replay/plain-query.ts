import { allNativeInPage, type Untouched } from './native-in-page.js';
import { pageFunction } from './page-function.js';
import type { Frame } from 'playwright';
import type { PlainSelector } from '../selectors/plain-selector.js';
import type { Probe } from './locate.js';

/**
 * Runs inside the page, self-contained: the elements a plain CSS or XPath selector matches, in
 * document order, as Playwright's engine finds them from the document. Undefined when the
 * browser's own query cannot say so: a CSS selector on a page with an open shadow root
 * (Playwright's CSS pierces it), a selector the browser rejects (Playwright's own
 * pseudo-classes); `replaced` when the page has replaced the query functions (this runs in the
 * page's world, where its scripts can). `untouched` is allNativeInPage.
 */
export function plainMatchesInPage(query: PlainSelector, untouched: Untouched): Element[] | 'replaced' | undefined {
  const all = Document.prototype.querySelectorAll;
  const shadowOf = Object.getOwnPropertyDescriptor(Element.prototype, 'shadowRoot')?.get;
  const evaluate = Document.prototype.evaluate;
  if (!untouched([all, shadowOf, evaluate])) return 'replaced';
  try {
    if (query.engine === 'xpath') {
      const found: Element[] = [];
      const it = evaluate.call(document, query.body, document, null, XPathResult.ORDERED_NODE_ITERATOR_TYPE, null);
      for (let n = it.iterateNext(); n; n = it.iterateNext()) if (n.nodeType === Node.ELEMENT_NODE) found.push(n as Element);
      return found;
    }
    const found = Array.from(all.call(document, query.body));
    const every = all.call(document, '*');
    for (let i = 0; i < every.length; i++) if (shadowOf!.call(every[i]!)) return undefined;
    return found;
  } catch {
    return undefined;
  }
}

/** The browser's own answer; `replaced`: the page replaced its query functions; undefined: Playwright's engine must answer. */
export type PlainAnswer = { count: number; probed?: unknown } | 'replaced' | undefined;
type PlainCount = (arg: { query: PlainSelector; arg: unknown }) => PlainAnswer;

/**
 * How many elements a plain selector matches in the frame and, when it matches one, the probe's
 * answer on it: one round trip through the browser's own query. Playwright's locators count
 * through its selector engine, and the engine's first use on a document injects Playwright's
 * script into the page (~90 ms here); a Chrome Recorder flow whose CSS selectors were all its
 * engine needed paid that on every document. Undefined when the browser's query cannot answer
 * as Playwright's would (plainMatchesInPage) or the frame cannot be asked: the caller then asks
 * Playwright.
 */
export async function countPlainly(frame: Frame, query: PlainSelector, probe: Probe | undefined): Promise<PlainAnswer> {
  const run = countingIn(probe?.run);
  return (await frame.evaluate(run, { query, arg: probe?.arg }).catch(() => undefined)) ?? undefined;
}

/** The page function: plainMatchesInPage and the probe, composed from their sources. */
function countingIn(probe: Probe['run'] | undefined): PlainCount {
  const probed = probe ? `els.length === 1 ? (${probe.toString()})(els[0], a.arg) : undefined` : 'undefined';
  return pageFunction<PlainCount>(
    `(a) => { const els = (${plainMatchesInPage.toString()})(a.query, ${allNativeInPage.toString()}); return els === 'replaced' || !els ? els : { count: els.length, probed: ${probed} }; }`,
  );
}
