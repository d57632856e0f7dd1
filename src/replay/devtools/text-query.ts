import type { Page } from 'playwright';
import { recordedQuery } from '../../ir/index.js';
import type { Probe } from '../locate.js';
import { elementPathInPage, locatorOfPaths, type QueryAnswer } from '../element-path.js';
import { allNativeInPage, type Untouched } from '../native-in-page.js';
import { pageFunction } from '../page-function.js';
import { childFrame } from './aria-tree.js';

export interface TextQuery {
  text: string;
  /** Child-frame indexes from the main frame down (DevTools `frame`). */
  framePath?: number[];
}

/**
 * Runs inside the page, self-contained: the elements Puppeteer's `text/` query finds from the
 * document, in its order, or `replaced` when the page replaced a DOM accessor it reads (this runs
 * in the page's world, where the page's scripts can).
 *
 * An element's text is its child text nodes' and its children's texts joined, then its open
 * shadow root's; a form field's (a <select>, a <textarea>, an <input> other than a checkbox,
 * radio or image) is its current value instead; <script>, <style> and anything in <head> have
 * none. Matching is `includes`, case and white space as written. The innermost matches only: a
 * node whose children hold a match is not one itself; an element with a shadow root is searched
 * through that root alone, and a root, not being an element, is never a match itself.
 * `untouched` is allNativeInPage.
 */
export function textMatchesInPage(text: string, untouched: Untouched): Element[] | 'replaced' {
  const getter = (proto: object, name: string) => Object.getOwnPropertyDescriptor(proto, name)?.get;
  const childNodesOf = getter(Node.prototype, 'childNodes');
  const shadowOf = getter(Element.prototype, 'shadowRoot');
  const contains = Node.prototype.contains;
  const includes = String.prototype.includes;
  if (!untouched([childNodesOf, shadowOf, contains, includes])) return 'replaced';
  const head = document.head;
  const children = (n: Node) => childNodesOf!.call(n) as NodeListOf<ChildNode>;
  const suitable = (n: Node) => n.nodeName !== 'SCRIPT' && n.nodeName !== 'STYLE' && !(head && contains.call(head, n));
  const field = (n: Node): n is HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement =>
    n instanceof HTMLSelectElement ||
    n instanceof HTMLTextAreaElement ||
    (n instanceof HTMLInputElement && n.type !== 'checkbox' && n.type !== 'radio' && n.type !== 'image');
  const texts = new Map<Node, string>();
  const textOf = (n: Node): string => {
    let t = texts.get(n);
    if (t !== undefined) return t;
    t = '';
    if (field(n)) t = n.value;
    else if (suitable(n)) {
      const kids = children(n);
      for (let i = 0; i < kids.length; i++) {
        const c = kids[i]!;
        if (c.nodeType === Node.TEXT_NODE) t += c.nodeValue ?? '';
        else if (c.nodeType === Node.ELEMENT_NODE) t += textOf(c);
      }
      const shadow = n instanceof Element ? (shadowOf!.call(n) as ShadowRoot | null) : null;
      if (shadow) t += textOf(shadow);
    }
    texts.set(n, t);
    return t;
  };
  const found: Element[] = [];
  const search = (root: Node): boolean => {
    let inside = false;
    const kids = children(root);
    for (let i = 0; i < kids.length; i++) {
      const c = kids[i]!;
      if (!(c instanceof Element) || !suitable(c)) continue;
      if (search((shadowOf!.call(c) as ShadowRoot | null) ?? c)) inside = true;
    }
    if (inside) return true;
    if (root instanceof Element && suitable(root) && includes.call(textOf(root), text)) {
      found.push(root);
      return true;
    }
    return false;
  };
  search(document);
  return found;
}

type TextLook = (a: { text: string; arg: unknown }) => { paths: string[]; probed?: unknown } | 'replaced';

/** The page function: the matches, each named by its path, and the probe on a single one. */
const looking = (probe: Probe['run'] | undefined): TextLook =>
  pageFunction<TextLook>(
    `(a) => {
      const els = (${textMatchesInPage.toString()})(a.text, ${allNativeInPage.toString()});
      if (els === 'replaced') return els;
      const path = ${elementPathInPage.toString()};
      return { paths: els.map(path), probed: ${probe ? `els.length === 1 ? (${probe.toString()})(els[0], a.arg) : undefined` : 'undefined'} };
    }`,
  );

/**
 * The elements a DevTools `text/` selector names, as @puppeteer/replay finds them
 * (textMatchesInPage): one round trip in the frame's own world, and the probe's answer when
 * there is exactly one. Playwright's text engine would say otherwise (it ignores case, folds
 * white space and reads no field values), and its first use on a document injects its script
 * (~40–90 ms here). Undefined when the frame cannot be asked or the page replaced what the
 * query reads: the caller then goes on to the target's other locates.
 */
export async function queryText(page: Page, q: TextQuery, probe?: Probe): Promise<QueryAnswer | undefined> {
  const frame = childFrame(page, q.framePath ?? []);
  if (!frame) return undefined;
  const answer = await frame.evaluate(looking(probe?.run), { text: q.text, arg: probe?.arg }).catch(() => undefined);
  if (!answer || answer === 'replaced') return undefined;
  const { paths } = answer;
  const label = recordedQuery(q, q.framePath);
  return { label, locator: locatorOfPaths(frame, paths), count: paths.length, probed: paths.length === 1 ? answer.probed : undefined };
}
