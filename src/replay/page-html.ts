import type { Page } from 'playwright';

/**
 * Runs inside the page, self-contained: the doctype and `documentElement.outerHTML`, joined as
 * Playwright's `content()` joins them. This runs in the page's own world, where a script could
 * have replaced the serialisers: undefined unless they are still the browser's own.
 */
export function documentHtmlInPage(): string | undefined {
  const native = (f: unknown) => typeof f === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(Function.prototype.toString.call(f));
  const outer = Object.getOwnPropertyDescriptor(Element.prototype, 'outerHTML')?.get;
  const serialize = XMLSerializer.prototype.serializeToString;
  if (!native(outer) || !native(serialize) || !native(Function.prototype.toString)) return undefined;
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
  return (await page.evaluate(documentHtmlInPage).catch(() => undefined)) ?? page.content();
}
