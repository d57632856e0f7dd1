import type { Target } from '../ir/index.js';
import { describingLocate, locateFromPart, partEngine, readQuoted, splitSelector, type PartMeaning } from '../selectors/index.js';
import { namesMatch, normaliseText } from './normalise-text.js';
import type { PageShape } from './dom-similarity.js';
import type { Control } from './page-controls.js';
import { alikeRoles } from './kindred-roles.js';

/**
 * The recorded target as something HTML alone can be searched for: the element's role/label/…
 * and the texts its container must hold (a recorder `has-text` filter, a named row before it).
 */
export interface TargetQuery {
  meaning: PartMeaning;
  context: string[];
  /** The recorded selector, for a browser to confirm with (main frame only). */
  selector?: string;
}

/** What the step's target locators say, or undefined when none can be read without a browser. */
export function targetQuery(target: Target | undefined): TargetQuery | undefined {
  if (!target || target.atPoint) return undefined;
  for (const l of target.locate) {
    if (l.kind === 'selector') {
      if (l.framePath?.length || l.selector.includes('internal:control=enter-frame')) return undefined;
      const meaning = describingLocate(l.selector);
      if (meaning) return { meaning, context: contextTexts(l.selector), selector: l.selector };
    } else if (l.kind === 'role') return { meaning: { kind: 'role', role: l.role, name: l.name, exact: l.exact }, context: [] };
    else if (l.kind === 'label' || l.kind === 'placeholder' || l.kind === 'text')
      return { meaning: { kind: l.kind, text: l.text, exact: l.exact }, context: [] };
  }
  return undefined;
}

/** Texts the selector requires around its element: `has-text` filters and the names of the parts before it. */
function contextTexts(selector: string): string[] {
  const parts = splitSelector(selector);
  const texts: string[] = [];
  parts.forEach((part, i) => {
    const engine = partEngine(part);
    if (engine === 'internal:has-text') {
      const q = readQuoted(part, engine.length + 1);
      if (q?.value) texts.push(q.value);
    } else if (i < parts.length - 1) {
      const m = locateFromPart(part);
      if (m?.kind === 'role' && m.name) texts.push(m.name);
      else if (m && 'text' in m && m.text) texts.push(m.text);
    }
  });
  return texts.map(wordsOnly).filter(Boolean);
}

const WORDLIKE = /[\p{L}\p{N}]/u;
const wordsOnly = (text: string) =>
  normaliseText(text)
    .split(' ')
    .filter((w) => WORDLIKE.test(w))
    .join(' ');

/** How many elements of the page the query finds (0 = not there). */
export function countTarget(q: TargetQuery, page: PageShape): number {
  const m = q.meaning;
  if (m.kind === 'text') return ` ${page.words.join(' ')} `.includes(` ${wordsOnly(m.text)} `) ? 1 : 0;
  const fits = (c: Control): boolean => {
    switch (m.kind) {
      case 'role':
        return alikeRoles(m.role, c.role) && (m.name === undefined || namesMatch(m.name, c.name, m.exact));
      case 'label':
        return c.label !== '' && namesMatch(m.text, c.label, m.exact);
      case 'placeholder':
        return c.placeholder !== '' && namesMatch(m.text, c.placeholder, m.exact);
      case 'testId':
        return c.testId === m.testId;
      default:
        return false;
    }
  };
  const pageText = ` ${page.words.join(' ')} `;
  const inContext = (c: Control) => {
    const around = c.context ? ` ${wordsOnly(c.context)} ` : pageText;
    return q.context.every((t) => around.includes(` ${t} `));
  };
  return page.controls.filter((c) => fits(c) && inContext(c)).length;
}
