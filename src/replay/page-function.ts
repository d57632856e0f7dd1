/**
 * A page function composed from other functions' source text. Playwright sends a page function to
 * the page as its source, so a function it calls cannot be passed by reference: its source is
 * inlined into the composed one instead. Compiled here in Node (no page CSP applies), once per
 * distinct source; the sources come from this code's own functions, so the cache stays small.
 */
export function pageFunction<F>(source: string): F {
  let fn = compiled.get(source);
  if (!fn) compiled.set(source, (fn = new Function(`return ${source}`)()));
  return fn as F;
}

const compiled = new Map<string, unknown>();
