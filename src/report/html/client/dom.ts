/**
 * Building the page: `h()` makes elements, and every string becomes a text node
 * (`document.createTextNode`), never markup, so dataset text cannot turn into HTML here.
 * Links only take the pre-encoded relative URLs the report computed, or http/https URLs.
 */
export type Child = Node | string | number | null | undefined | false | Child[];
type Attrs = Record<string, string | number | boolean | undefined | ((e: Event) => void)>;

export function h(tag: string, attrs?: Attrs | null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs ?? {})) {
    if (v === undefined || v === false) continue;
    if (typeof v === 'function') el.addEventListener(k.replace(/^on/, ''), v);
    else if (k === 'href' || k === 'src') el.setAttribute(k, safeUrl(String(v)));
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    if (Array.isArray(c)) append(el, c);
    else el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Relative links (as the report writes them) and http(s) only: never `javascript:` or `data:`. */
export function safeUrl(url: string): string {
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url);
  return !scheme || /^https?$/i.test(scheme[1]!) ? url : '#';
}

export function clear(el: HTMLElement): void {
  while (el.firstChild) el.removeChild(el.firstChild);
}
