import { attrValue, ENTER_FRAME, locateFromPart, partEngine, splitSelector, textValue, throughFrames } from '../selectors/index.js';
import type { Locate, Target } from '../ir/index.js';
import { jsString } from './js-source.js';

/** The selector part Playwright itself builds for a getBy* Locate (to check a translation is exact). */
function partFor(l: Locate): string | undefined {
  switch (l.kind) {
    case 'role':
      return `internal:role=${l.role}${l.name !== undefined ? `[name=${attrValue(l.name, !!l.exact)}]` : ''}`;
    case 'text':
      return `internal:text=${textValue(l.text, !!l.exact)}`;
    case 'label':
      return `internal:label=${textValue(l.text, !!l.exact)}`;
    case 'placeholder':
    case 'alt':
    case 'title':
      return `internal:attr=[${l.kind}=${attrValue(l.text, !!l.exact)}]`;
    case 'testId':
      return `internal:testid=[data-testid=${attrValue(l.testId, true)}]`;
    default:
      return undefined;
  }
}

const exactOpt = (exact: boolean | undefined) => (exact ? ', { exact: true }' : '');

/** `getByRole('button', { name: 'Save' })` and friends, for a getBy-able Locate. */
export function getBy(l: Locate): string | undefined {
  switch (l.kind) {
    case 'role':
      return l.name !== undefined
        ? `getByRole(${jsString(l.role)}, { name: ${jsString(l.name)}${l.exact ? ', exact: true' : ''} })`
        : `getByRole(${jsString(l.role)})`;
    case 'text':
      return `getByText(${jsString(l.text)}${exactOpt(l.exact)})`;
    case 'label':
      return `getByLabel(${jsString(l.text)}${exactOpt(l.exact)})`;
    case 'placeholder':
      return `getByPlaceholder(${jsString(l.text)}${exactOpt(l.exact)})`;
    case 'alt':
      return `getByAltText(${jsString(l.text)}${exactOpt(l.exact)})`;
    case 'title':
      return `getByTitle(${jsString(l.text)}${exactOpt(l.exact)})`;
    case 'testId':
      return `getByTestId(${jsString(l.testId)})`;
    default:
      return undefined;
  }
}

/**
 * One selector part as a locator method call that builds exactly that part, or undefined.
 * A getBy* form is used only when Playwright would write the very same part for it, so a
 * translation can never widen or narrow the match (`internal:role=heading[level=2][name=…]`
 * stays a raw selector, since getByRole here would drop the level).
 */
function partCall(part: string, first: boolean): string | undefined {
  const l = locateFromPart(part);
  if (l && partFor(l) === part) return getBy(l);
  if (first) return partEngine(part).startsWith('internal:') || /^nth=/.test(part) ? undefined : `locator(${jsString(part)})`;
  const nth = /^nth=(-?\d+)$/.exec(part);
  if (nth) return nth[1] === '0' ? 'first()' : nth[1] === '-1' ? 'last()' : `nth(${nth[1]})`;
  if (part === ENTER_FRAME) return 'contentFrame()';
  const hasText = /^internal:has(-not)?-text=(".*"i)$/.exec(part);
  if (hasText) {
    try {
      const text = JSON.parse(hasText[2]!.slice(0, -1)) as string;
      if (textValue(text, false) === hasText[2]) return `filter({ ${hasText[1] ? 'hasNotText' : 'hasText'}: ${jsString(text)} })`;
    } catch {
      return undefined;
    }
  }
  return partEngine(part).startsWith('internal:') ? undefined : `locator(${jsString(part)})`;
}

/**
 * A recorder selector (with its 1.50–1.61 `framePath`) as a readable locator chain on `base`,
 * e.g. `page.getByRole('button', { name: 'Move right' }).nth(2)`; undefined when some part has
 * no exact readable form (then the caller uses the raw selector).
 */
export function selectorChain(base: string, selector: string, framePath: string[] = []): string | undefined {
  const parts = [...framePath.flatMap((f) => [...splitSelector(f), ENTER_FRAME]), ...splitSelector(selector)];
  const calls: string[] = [];
  for (const [i, part] of parts.entries()) {
    const call = partCall(part, i === 0);
    if (!call) return undefined;
    calls.push(call);
  }
  return calls.length ? `${base}.${calls.join('.')}` : undefined;
}

const fullSelector = (selector: string, framePath: string[] = []) => throughFrames(framePath, selector);

/**
 * How the exported test finds a target: the recorded selector as a getBy* chain when that is
 * exact, else a getBy* alternative the recording also has, else the selector (or CSS/XPath) as
 * `page.locator(…)`. Undefined when the target has nothing a locator can use (only a box or a
 * DevTools node id).
 */
export function locatorFor(base: string, target: Target): string | undefined {
  const first = target.locate[0];
  if (first?.kind === 'selector') {
    const chain = selectorChain(base, first.selector, first.framePath);
    if (chain) return chain;
  }
  if (!(first?.kind === 'selector' && first.framePath?.length)) {
    for (const l of target.locate) {
      const call = getBy(l);
      if (call) return `${base}.${call}`;
    }
  }
  for (const l of target.locate) {
    if (l.kind === 'selector') return `${base}.locator(${jsString(fullSelector(l.selector, l.framePath))})`;
    if (l.kind === 'css' && !annotationMarker(l.css)) return `${base}.locator(${jsString(l.css)})`;
    if (l.kind === 'xpath') return `${base}.locator(${jsString(`xpath=${l.xpath}`)})`;
  }
  for (const l of target.locate) {
    if (l.kind !== 'fingerprint') continue;
    if (l.role && l.ariaLabel) return `${base}.getByRole(${jsString(l.role)}, { name: ${jsString(l.ariaLabel)} })`;
    if (l.id) return `${base}.locator(${jsString(`[id=${attrValue(l.id, true).slice(0, -1)}]`)})`;
    if (l.name && /^[a-z][a-z0-9-]*$/i.test(l.tag ?? ''))
      return `${base}.locator(${jsString(`${l.tag}[name=${attrValue(l.name, true).slice(0, -1)}]`)})`;
    if (l.placeholder) return `${base}.getByPlaceholder(${jsString(l.placeholder)})`;
    if (l.ariaLabel) return `${base}.getByLabel(${jsString(l.ariaLabel)})`;
    if (l.role && l.text) return `${base}.getByRole(${jsString(l.role)}, { name: ${jsString(l.text)} })`;
    if (l.text) return `${base}.getByText(${jsString(l.text)})`;
  }
  // Only the marker is left: it finds the element on the recorded snapshot, never on the site.
  const marker = target.locate.find((l) => l.kind === 'css' && annotationMarker(l.css));
  return marker?.kind === 'css' ? `${base}.locator(${jsString(marker.css)})` : undefined;
}

/**
 * Mind2Web's annotation marker (`data-pw-testid-buckeye`, `data_pw_testid_buckeye` in raw_html):
 * the annotation tool put it on the page at action time, so a live site never has it.
 */
function annotationMarker(css: string): boolean {
  return /^\[data[-_]pw[-_]testid[-_]buckeye=/.test(css);
}

/** The recorded box's centre, for targets that have nothing but a box. */
export function boxCentre(target: Target): { x: number; y: number } | undefined {
  const box = target.locate.find((l) => l.kind === 'box');
  return box?.kind === 'box' ? { x: box.box.x + box.box.width / 2, y: box.box.y + box.box.height / 2 } : undefined;
}
