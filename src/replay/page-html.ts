import type { Page } from 'playwright';
import { allNativeInPage, type Untouched } from './native-in-page.js';
import { pageFunction } from './page-function.js';

/**
 * Runs inside the page, self-contained: the doctype and `documentElement.outerHTML`, joined as
 * Playwright's `content()` joins them. This runs in the page's own world, where a script could
 * have replaced the serialisers: undefined unless they are still the browser's own
 * (`untouched` is allNativeInPage).
 */
export function documentHtmlInPage(untouched: Untouched): string | undefined {
  const outer = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML')?.get;
  const serialize = XMLSerializer.prototype.serializeToString;
  if (!untouched([outer, serialize])) return undefined;
  const page = document.documentElement;
  const doctype = document.doctype ? serialize.call(new XMLSerializer(), document.doctype) : '';
  return doctype + (page ? (outer!.call(page) as string) : '');
}

/**
 * `page.content()`, read in the page's main world, where every other read of a step runs.
 * Playwright's `content()` runs in its utility world, and the first call there on a document
 * injects Playwright's script into that world: ~60–100 ms here, once an episode for the final
 * page, which nothing else needed. Playwright's own when the serialisers are not the browser's.
 */
export async function pageHtml(page: Page): Promise<string> {
  return (await page.evaluate(readHtml).catch(() => undefined)) ?? page.content();
}

/** The page function: documentHtmlInPage given allNativeInPage. */
const readHtml = pageFunction<() => string | undefined>(`() => (${documentHtmlInPage.toString()})(${allNativeInPage.toString()})`);
