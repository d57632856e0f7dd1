import { describeTarget } from '../../ir/describe.js';
import type { ElementsWait } from '../../ir/action.js';
import type { Locate, Target } from '../../ir/target.js';
import type { FieldIssue } from '../field-issue.js';
import { joinField } from '../field-issue.js';
import { attrValue, FRAME_HOP, textValue } from '../../selectors/index.js';
import type { Selector } from './schema.js';

/**
 * DevTools Recorder selectors as IR locates. Each alternative is a string or a list of strings
 * (each part searched inside the previous match, through its shadow root). Prefixes
 * (@puppeteer/replay `getSelectorType`): `aria/Name[role="button"]` (accessible name, exact,
 * optional role), `xpath/…`, `pierce/…` (CSS through shadow roots: Playwright's CSS already
 * pierces open ones), `text/…` (text content contains, case as written), else CSS.
 *
 * A one-part `aria/` or `text/` alternative becomes the query Puppeteer runs (Locate `aria`,
 * `textContains`), its getBy*-style approximations tried after every recorded alternative; any
 * other one-part alternative in the main frame becomes the matching getBy*-style locate; a shadow
 * path or a step inside a frame becomes one Playwright selector (`css=#host >> css=#inner`)
 * with the frame hops in `framePath`.
 */

interface Part {
  /** getBy*-style locates, best first. */
  locates: Locate[];
  /** An `aria/` part: asked of Chrome's accessibility tree, as Puppeteer does; `locates` then only approximate it. */
  aria?: { name?: string; role?: string };
  /** A `text/` part: Puppeteer's text query, run in the page; `locates` then only approximate it. */
  textContains?: string;
  /** The same as one Playwright selector part. */
  selector: string;
  /** A second selector whose matches count too (`internal:or`), for an ARIA name with no role. */
  or?: string;
  /** In words, when the locates would say it wrongly (an ARIA name with no role is no "field"). */
  description?: string;
}

/** Parts as one Playwright selector. `internal:or` is evaluated from the root, so it repeats the path so far. */
function joinParts(parts: readonly Part[]): string {
  let acc = '';
  for (const p of parts) {
    const prefix = acc ? `${acc} >> ` : '';
    acc = p.or ? `${prefix}${p.selector} >> internal:or=${JSON.stringify(prefix + p.or)}` : prefix + p.selector;
  }
  return acc;
}

/**
 * `frameRelative`: every locate says which frame it is in (`framePath`, [] for the top), so the
 * replayer can move the target into a frame the step's page turns out to be.
 */
export function targetFromSelectors(
  selectors: readonly Selector[],
  frame: readonly number[] | undefined,
  field: string,
  frameRelative = false,
): { target?: Target; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const locate: Locate[] = [];
  const seen = new Set<string>();
  const add = (l: Locate) => {
    const key = JSON.stringify(l);
    if (!seen.has(key)) {
      seen.add(key);
      locate.push(l);
    }
  };
  const framePath = frame?.length ? frame.map((i) => `:is(iframe, frame) >> nth=${i}`) : frameRelative ? [] : undefined;
  let description: string | undefined;
  // Playwright approximations of `aria/` and `text/` alternatives (label, text, role): tried only
  // after every recorded alternative, since they are not the queries the recording meant.
  const approximations: Locate[] = [];

  selectors.forEach((selector, i) => {
    const parts = readParts(selector, i, field, issues);
    if (!parts) return;
    const named =
      parts.length === 1 ? parts[0]!.locates.find((l) => l.kind === 'role' || l.kind === 'label' || l.kind === 'text') : undefined;
    description ??= parts.length === 1 ? (parts[0]!.description ?? (named && describeTarget({ locate: [named] }))) : undefined;
    const aria = parts.length === 1 ? parts[0]!.aria : undefined;
    const text = parts.length === 1 ? parts[0]!.textContains : undefined;
    const inFrame = frame?.length || frameRelative ? { framePath: [...(frame ?? [])] } : {};
    if (aria || text !== undefined) {
      add(aria ? { kind: 'aria', ...aria, ...inFrame } : { kind: 'textContains', text: text!, ...inFrame });
      if (!framePath) approximations.push(...parts[0]!.locates);
      else approximations.push({ kind: 'selector', selector: joinParts(parts), framePath });
    } else if (parts.length === 1 && !framePath) {
      parts[0]!.locates.forEach(add);
    } else {
      const l: Locate = { kind: 'selector', selector: joinParts(parts) };
      if (framePath) l.framePath = framePath;
      add(l);
    }
  });
  // Puppeteer races the recorded alternatives; the approximations are ours, asked after them.
  const raced = locate.length;
  approximations.forEach(add);
  if (!locate.length) {
    if (!issues.some((i) => i.severity === 'error')) issues.push({ field, message: 'no usable selector', severity: 'error' });
    return { issues };
  }
  const target: Target = { locate };
  if (raced > 1) target.raced = raced;
  if (description) target.description = description;
  return { target, issues };
}

function readPart(text: string, field: string, issues: FieldIssue[]): Part | undefined {
  if (text.startsWith('aria/')) {
    const aria = parseAria(text.slice('aria/'.length));
    if ('error' in aria) {
      issues.push({ field, message: `${JSON.stringify(text)}: ${aria.error}`, severity: 'error' });
      return undefined;
    }
    const { name, role } = aria;
    // Puppeteer matches the accessible name exactly (CDP queryAXTree).
    if (role && name !== undefined)
      return {
        aria,
        locates: [{ kind: 'role', role, name, exact: true }],
        selector: `internal:role=${role}[name=${attrValue(name, true)}]`,
      };
    if (role) return { aria, locates: [{ kind: 'role', role }], selector: `internal:role=${role}` };
    // A name with no role: the name comes from a label or from the content; either finds it.
    // Not the <label> itself: its text names its control, and Puppeteer's ARIA query skips it.
    return {
      aria,
      locates: [
        { kind: 'label', text: name!, exact: true },
        { kind: 'text', text: name!, exact: true },
      ],
      selector: `internal:label=${textValue(name!, true)}`,
      or: `internal:text=${textValue(name!, true)} >> css=:scope:not(label)`,
      description: `element named "${name!}"`,
    };
  }
  if (text.startsWith('xpath/')) {
    const xpath = text.slice('xpath/'.length);
    if (!xpath) return empty(text, field, issues);
    return { locates: [{ kind: 'xpath', xpath }], selector: `xpath=${xpath}` };
  }
  if (text.startsWith('text/')) {
    const t = text.slice('text/'.length);
    if (!t) return empty(text, field, issues);
    return { textContains: t, locates: [{ kind: 'text', text: t, exact: false }], selector: `internal:text=${textValue(t, false)}` };
  }
  const css = text.startsWith('pierce/') ? text.slice('pierce/'.length) : text;
  if (!css.trim()) return empty(text, field, issues);
  return { locates: [{ kind: 'css', css }], selector: `css=${css}` };
}

function empty(text: string, field: string, issues: FieldIssue[]): undefined {
  issues.push({ field, message: `${JSON.stringify(text)} selects nothing (empty after the prefix)`, severity: 'error' });
  return undefined;
}

/**
 * Puppeteer's ARIA selector: an accessible name, then `[name="…"]` / `[role="…"]` attributes
 * (the only two it knows). Whitespace in the name is collapsed, as Puppeteer does.
 */
export function parseAria(body: string): { name?: string; role?: string } | { error: string } {
  const attr = /\[\s*(\w+)\s*=\s*(["'])(\\.|.*?(?=\2))\2\s*\]/g;
  let name: string | undefined;
  let role: string | undefined;
  for (const m of body.matchAll(attr)) {
    if (m[1] === 'name') name = m[3];
    else if (m[1] === 'role') role = m[3];
    else return { error: `unknown ARIA attribute [${m[1]}] (only name and role)` };
  }
  const rest = body.replace(attr, '').replace(/\s+/g, ' ').trim();
  if (rest && name === undefined) name = rest; // an explicit [name=…] wins, as in Puppeteer
  if (name !== undefined) name = name.replace(/\s+/g, ' ').trim();
  if (!name && !role) return { error: 'an ARIA selector needs a name or a role' };
  const out: { name?: string; role?: string } = {};
  if (name) out.name = name;
  if (role) out.role = role;
  return out;
}

/**
 * Every alternative as one Playwright selector string, in order, frame hops included: what a
 * `waitForElement` counts (the first alternative that matches anything, as @puppeteer/replay);
 * `aria/` ones also as accessibility-tree queries, which are what it counts for them.
 */
export function alternativeStrings(
  selectors: readonly Selector[],
  frame: readonly number[] | undefined,
  field: string,
): { selectors: string[]; aria: AriaAlternative[]; textContains: TextAlternative[]; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const frames = frame?.length ? frame.map((i) => `:is(iframe, frame) >> nth=${i}`).join(FRAME_HOP) + FRAME_HOP : '';
  const out: string[] = [];
  const aria: AriaAlternative[] = [];
  const textContains: TextAlternative[] = [];
  selectors.forEach((selector, i) => {
    const parts = readParts(selector, i, field, issues);
    if (!parts) return;
    // A one-part `aria/` alternative is counted in the accessibility tree, a `text/` one by
    // Puppeteer's text query, as its `$$` does.
    const inFrame = frame?.length ? { framePath: [...frame] } : {};
    const query = parts.length === 1 ? parts[0]!.aria : undefined;
    if (query) aria.push({ at: out.length, ...query, ...inFrame });
    const text = parts.length === 1 ? parts[0]!.textContains : undefined;
    if (text !== undefined) textContains.push({ at: out.length, text, ...inFrame });
    out.push(frames + joinParts(parts));
  });
  return { selectors: out, aria, textContains, issues };
}

/** The alternatives a wait counts as Puppeteer's queries, as the IR holds them. */
type AriaAlternative = NonNullable<ElementsWait['aria']>[number];
type TextAlternative = NonNullable<ElementsWait['textContains']>[number];

/** Alternative `i`: one selector, or a chain of them (shadow-root hops); undefined when a part cannot be read (its issue is added). */
function readParts(selector: Selector, i: number, field: string, issues: FieldIssue[]): Part[] | undefined {
  const raw = typeof selector === 'string' ? [selector] : selector;
  const parts: Part[] = [];
  for (const [k, text] of raw.entries()) {
    const part = readPart(text, typeof selector === 'string' ? joinField(field, i)! : joinField(field, i, k)!, issues);
    if (!part) return undefined;
    parts.push(part);
  }
  return parts;
}
