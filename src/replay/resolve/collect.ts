import type { Frame, Locator, Page } from 'playwright';
import type { ElementFacts } from '../../compare/element-facts.js';
import { stableClasses } from '../../compare/target-match.js';

/** The attribute that ties a collected candidate to its live element until the next collection. */
export const MARK = 'data-rw-candidate';

export interface Candidate extends ElementFacts {
  /** Frame the element lives in, and its mark there. */
  frame: Frame;
  mark: string;
}

/** An element marked in its frame, to be found again by that mark. */
export type Marked = Pick<Candidate, 'frame' | 'mark'>;

/** A candidate's live element, found again by its mark (CSS pierces open shadow roots). */
export function candidateLocator(c: Marked): Locator {
  return c.frame.locator(markSelector(c));
}

/** The selector of a candidate's mark in its frame (count-and-probe.ts counts it without Playwright's engine when it can). */
export function markSelector(c: Marked): string {
  return `[${MARK}="${c.mark}"]`;
}

/**
 * Every element in every frame that could be a recorded target (controls, links, things with
 * a role or their own text), with what target matching needs to know about each. Elements are
 * marked so the chosen one can be acted on without building another selector for it.
 * Plain boxes (no role, no control, no text of their own: a widget's wrapper a recorder's
 * `div >> nth=2` clicked) are many and seldom targets: only those matching the CSS `also` are.
 */
export async function collectCandidates(page: Page, options: { also?: string; max?: number } = {}): Promise<Candidate[]> {
  const { also, max = 4000 } = options;
  const all: Candidate[] = [];
  for (const frame of page.frames()) {
    const offset = await frameOffset(frame);
    if (!offset) continue;
    const found = await frame.evaluate(collectInPage, { mark: MARK, max, prefix: `${all.length}-`, also }).catch(() => []); // a frame that navigated or detached meanwhile has nothing to offer
    for (const f of found) {
      all.push({ ...f, frame, box: f.box ? { ...f.box, x: f.box.x + offset.x, y: f.box.y + offset.y } : undefined });
    }
  }
  return all;
}

/** Where a frame's viewport sits in the page's; undefined for a frame that is not shown. */
async function frameOffset(frame: Frame): Promise<{ x: number; y: number } | undefined> {
  let x = 0;
  let y = 0;
  for (let f: Frame | null = frame; f?.parentFrame(); f = f.parentFrame()) {
    const box = await (await f.frameElement().catch(() => null))?.boundingBox();
    if (!box) return undefined;
    x += box.x;
    y += box.y;
  }
  return { x, y };
}

type Collected = Omit<Candidate, 'frame'>;

/** Runs inside the page: self-contained, no closures over module scope. */
function collectInPage({ mark, max, prefix, also }: { mark: string; max: number; prefix: string; also?: string }): Collected[] {
  const INTERACTIVE = 'a,button,input,select,textarea,summary,option,label,img,[role],[onclick],[tabindex],[contenteditable]';
  const CONTAINER = 'li,tr,article,section,form,fieldset,dialog,[role=row],[role=listitem],[role=dialog],[role=group]';
  const ATTRS = ['placeholder', 'name', 'type', 'title', 'alt', 'aria-label', 'data-testid', 'href', 'for', 'value'];
  const clean = (s: string | null | undefined, n = 200) => (s ?? '').replace(/\s+/g, ' ').trim().slice(0, n);

  const implicitRole = (el: Element): string | undefined => {
    const tag = el.tagName.toLowerCase();
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    switch (tag) {
      case 'a':
        return el.hasAttribute('href') ? 'link' : undefined;
      case 'button':
      case 'summary':
        return 'button';
      case 'select':
        return el.hasAttribute('multiple') ? 'listbox' : 'combobox';
      case 'textarea':
        return 'textbox';
      case 'img':
        return 'img';
      case 'option':
        return 'option';
      case 'li':
        return 'listitem';
      case 'h1':
      case 'h2':
      case 'h3':
      case 'h4':
      case 'h5':
      case 'h6':
        return 'heading';
      case 'input':
        if (['button', 'submit', 'reset', 'image'].includes(type)) return 'button';
        if (type === 'checkbox' || type === 'radio') return type;
        if (type === 'search') return 'searchbox';
        if (type === 'number') return 'spinbutton';
        if (type === 'range') return 'slider';
        if (type === 'hidden') return undefined;
        return 'textbox';
      default:
        return undefined;
    }
  };

  // Shown as in shownInPage (Chrome draws neither a hidden nor a collapsed element), from the
  // element's box and style.
  const drawn = (r: DOMRect, style: CSSStyleDeclaration) =>
    r.width > 0 && r.height > 0 && style.visibility !== 'hidden' && style.visibility !== 'collapse' && style.display !== 'none';
  const shown = (e: Element) => drawn(e.getBoundingClientRect(), getComputedStyle(e));

  const MISSING_WRITTEN_OUT = ['null', 'undefined', 'false'];
  const labelText = (el: Element): string | undefined => {
    const labelledBy = el.getAttribute('aria-labelledby');
    if (labelledBy)
      return clean(
        labelledBy
          .split(/\s+/)
          .map((id) => el.ownerDocument.getElementById(id)?.textContent ?? '')
          .join(' '),
      );
    // `aria-label="null"`: a missing label a script wrote out as a word (Choices 10 "null", 9
    // "false"), no name.
    const aria = el.getAttribute('aria-label');
    if (aria && !MISSING_WRITTEN_OUT.includes(aria)) return clean(aria);
    const labels = (el as HTMLInputElement).labels;
    if (labels && labels.length)
      return clean(
        Array.from(labels)
          .map((l) => l.textContent)
          .join(' '),
      );
    return undefined;
  };

  const accessibleName = (el: Element, role: string | undefined): string => {
    const labelled = labelText(el);
    if (labelled) return labelled;
    const tag = el.tagName.toLowerCase();
    if (tag === 'input' || tag === 'textarea' || tag === 'select') {
      const input = el as HTMLInputElement;
      if (['button', 'submit', 'reset'].includes(input.type)) return clean(input.value);
      return clean(el.getAttribute('title') ?? input.placeholder ?? '');
    }
    if (tag === 'img') return clean(el.getAttribute('alt') ?? el.getAttribute('title'));
    if (
      (role && ['button', 'link', 'heading', 'option', 'listitem', 'checkbox', 'radio', 'tab', 'menuitem', 'cell'].includes(role)) ||
      tag === 'button'
    ) {
      return clean((el as HTMLElement).innerText || el.textContent) || cssContent(el) || clean(el.getAttribute('title'));
    }
    return clean(el.getAttribute('title'));
  };

  // An icon-only control drawn by CSS (`.destroy::after { content: '✖' }`) is named by that
  // content, as browsers and Playwright's getByRole name it. Computed even while it is hidden.
  const cssContent = (el: Element): string => {
    let out = '';
    for (const pseudo of ['::before', '::after']) {
      const c = getComputedStyle(el, pseudo).content;
      const quoted = /^"((?:[^"\\]|\\.)*)"$/.exec(c ?? '');
      if (quoted) out += quoted[1]!.replace(/\\(.)/g, '$1');
    }
    return clean(out);
  };

  // Which of its like siblings (same tag and classes under one parent) the element or its
  // nearest repeated ancestor (its row) is: the recorded row's place, to break ties.
  const positionOf = (el: Element): { index: number; of: number } | undefined => {
    for (let e: Element | null = el, hops = 0; e && e.parentElement && hops < 5; e = e.parentElement, hops++) {
      const like = Array.from(e.parentElement.children).filter((c) => c.tagName === e!.tagName && c.className === e!.className);
      if (like.length > 1) return { index: like.indexOf(e), of: like.length };
    }
    return undefined;
  };

  const ownText = (el: Element): string => {
    let t = '';
    for (const n of Array.from(el.childNodes)) if (n.nodeType === 3) t += n.textContent;
    return clean(t);
  };

  const containerOf = (el: Element): string | undefined => {
    const own = clean(el.textContent, 1000).length;
    for (
      let p = el.parentElement ?? (el.getRootNode() as ShadowRoot).host ?? null, hops = 0;
      p && hops < 6;
      p = p.parentElement ?? (p.getRootNode() as ShadowRoot).host ?? null, hops++
    ) {
      const text = clean((p as HTMLElement).innerText || p.textContent, 300);
      if (p.matches(CONTAINER) || text.length > own + 12) return text;
    }
    return undefined;
  };

  // An unnamed field beside a hidden native control that keeps the label (an enhanced select:
  // Choices, Select2, Tom Select hide the `<select>` and draw a search field of their own) is
  // known by that label: the nearest wrapper, a few levels up, holding exactly one such hidden
  // labelled control and no other shown field. A wrapper of more fields is a form or a grid, not
  // one widget: looked no further (and a grid of unnamed fields costs no more than its rows).
  const FIELD = 'input:not([type=hidden]),select,textarea,[role=textbox],[role=searchbox],[role=combobox]';
  const WIDGET_FIELDS = 4;
  const standsFor = (el: Element): string | undefined => {
    for (let p = el.parentElement, hops = 0; p && hops < 4; p = p.parentElement, hops++) {
      const all = p.querySelectorAll(FIELD);
      if (all.length > WIDGET_FIELDS) return undefined;
      const fields = Array.from(all).filter((f) => f !== el && !el.contains(f));
      if (fields.length === 0) continue;
      const labelled = fields.filter((f) => ((f as HTMLInputElement).labels?.length ?? 0) > 0 && !shown(f));
      if (labelled.length !== 1 || fields.some((f) => f !== labelled[0] && shown(f))) return undefined;
      return labelText(labelled[0]!) || undefined;
    }
    return undefined;
  };

  const out: Collected[] = [];
  const visit = (root: Document | ShadowRoot) => {
    for (const old of Array.from(root.querySelectorAll(`[${mark}]`))) old.removeAttribute(mark);
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT);
    for (let node = walker.nextNode() as Element | null; node && out.length < max; node = walker.nextNode() as Element | null) {
      if (node.shadowRoot) visit(node.shadowRoot);
      const tag = node.tagName.toLowerCase();
      if (['script', 'style', 'head', 'meta', 'link', 'noscript', 'template', 'html', 'body'].includes(tag)) continue;
      const role = node.getAttribute('role') ?? implicitRole(node);
      const text = ownText(node);
      const plain = !node.matches(INTERACTIVE) && !role && !text;
      if (plain && !(also && node.matches(also))) continue;
      const r = node.getBoundingClientRect();
      const visible = drawn(r, getComputedStyle(node));
      const attrs: Record<string, string> = {};
      for (const a of ATTRS) {
        const v = node.getAttribute(a);
        if (v !== null && v.length < 300) attrs[a] = v;
      }
      // data-* values name things in the markup's own words (data-pname="bookId").
      for (const a of Array.from(node.attributes)
        .filter((a) => a.name.startsWith('data-') && !a.name.startsWith('data-rw-'))
        .slice(0, 8)) {
        if (a.value.length > 0 && a.value.length < 100) attrs[a.name] = a.value;
      }
      const id = `${prefix}${out.length}`;
      node.setAttribute(mark, id);
      const name = accessibleName(node, role);
      const standIn = !name && node.matches(FIELD) ? standsFor(node) : undefined;
      out.push({
        mark: id,
        tag,
        role,
        name,
        text: clean((node as HTMLElement).innerText || node.textContent),
        id: node.id || undefined,
        classes: node.classList.length ? Array.from(node.classList).slice(0, 12) : undefined,
        attrs,
        box: visible ? { x: r.x, y: r.y, width: r.width, height: r.height } : undefined,
        visible,
        context: containerOf(node),
        position: positionOf(node),
        ...(plain ? { plain } : {}),
        ...(standIn ? { standsFor: standIn } : {}),
      });
    }
  };
  visit(document);
  return out;
}

/**
 * The CSS `also` (collectCandidates) that brings in the live twins of a recorded plain box: the
 * same tag with one of its stable classes. Undefined for any other target, or one with no class
 * to know it by (every box of its tag would be many, and as like).
 */
export function plainLike(facts: ElementFacts): string | undefined {
  if (!facts.plain || !facts.tag || !/^[a-z][a-z0-9-]*$/i.test(facts.tag)) return undefined;
  const classes = stableClasses(facts.classes ?? []);
  return classes.length ? classes.map((c) => `${facts.tag}.${cssIdent(c)}`).join(', ') : undefined;
}

/** A class name written as a CSS identifier (CSS.escape's rules for the characters classes use). */
function cssIdent(name: string): string {
  return name.replace(/^(\d)/, '\\3$1 ').replace(/[^a-zA-Z0-9_\u00a0-\uffff-]/g, (c) => `\\${c}`);
}
