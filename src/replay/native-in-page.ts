/**
 * Runs inside the page, self-contained: whether every one of `fns` is still the browser's own
 * (its source reads `[native code]`), `Function.prototype.toString` included, since a page that
 * replaced that could make anything look native. A reader that runs in the page's own world,
 * where the page's scripts can replace the DOM functions it calls, asks this first and falls
 * back to Playwright's isolated world when it says no.
 *
 * In-page readers take it as a parameter (`untouched`), and a page function composed from their
 * sources passes this function's source in (see pageFunction): a page function cannot import.
 */
export function allNativeInPage(fns: unknown[]): boolean {
  const show = Function.prototype.toString;
  const native = (f: unknown) => typeof f === 'function' && /\{\s*\[native code\]\s*\}\s*$/.test(show.call(f));
  return native(show) && fns.every(native);
}

/** The in-page signature of allNativeInPage, for the readers that take it as a parameter. */
export type Untouched = typeof allNativeInPage;
