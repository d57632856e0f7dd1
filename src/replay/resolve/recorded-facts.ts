import type { ElementFacts } from '../../compare/element-facts.js';
import { describingLocate, partEngine, readQuoted, splitSelector } from '../../selectors/index.js';
import type { Evidence, Locate, Target } from '../../ir/index.js';

/**
 * Everything the recording itself says about its target, gathered from all the ways it
 * recorded it (selector parts, getBy* alternatives, fingerprint, box), as one ElementFacts.
 * Recorder `has-text` filters become hard constraints: the recorder added them precisely to
 * tell look-alike rows apart.
 */
export function recordedFacts(target: Target, before?: Evidence): ElementFacts {
  const facts: ElementFacts = { attrs: {} };
  const attrs = facts.attrs!;
  for (const locate of target.locate) absorb(facts, attrs, locate);
  if (!facts.box && before?.targetBox) facts.box = before.targetBox;
  if (Object.keys(attrs).length === 0) delete facts.attrs;
  return facts;
}

function absorb(facts: ElementFacts, attrs: Record<string, string>, locate: Locate): void {
  switch (locate.kind) {
    case 'selector': {
      const described = describingLocate(locate.selector);
      if (described) absorb(facts, attrs, described);
      const parts = splitSelector(locate.selector).filter((p) => !/^nth=/.test(p));
      parts.forEach((part, i) => {
        const engine = partEngine(part);
        const last = i === parts.length - 1;
        if (engine === 'internal:has-text' || (!last && engine === 'internal:text')) {
          const q = readQuoted(part, engine.length + 1);
          if (q) (facts.mustContain ??= []).push(q.value);
        } else if (!last && engine === 'internal:role') {
          // A row/list item named by its text scopes the target to that row.
          const named = describingLocate(part);
          if (named?.kind === 'role' && named.name) (facts.mustContain ??= []).push(named.name);
        } else if (engine === 'css') {
          absorbCss(facts, attrs, part);
        }
      });
      return;
    }
    case 'aria':
      if (locate.role) facts.role ??= locate.role;
      if (locate.name !== undefined) facts.name ??= locate.name;
      return;
    case 'role':
      facts.role ??= locate.role;
      if (locate.name !== undefined) facts.name ??= locate.name;
      return;
    case 'text':
    case 'textContains':
      facts.text ??= locate.text;
      return;
    case 'label':
      facts.name ??= locate.text;
      return;
    case 'placeholder':
      attrs.placeholder ??= locate.text;
      return;
    case 'alt':
      attrs.alt ??= locate.text;
      return;
    case 'title':
      attrs.title ??= locate.text;
      return;
    case 'testId':
      attrs['data-testid'] ??= locate.testId;
      return;
    case 'css':
      absorbCss(facts, attrs, locate.css);
      return;
    case 'fingerprint':
      facts.tag ??= locate.tag;
      facts.id ??= locate.id;
      facts.role ??= locate.role;
      if (locate.ariaLabel) facts.name ??= locate.ariaLabel;
      if (locate.text) facts.text ??= locate.text;
      if (locate.name) attrs.name ??= locate.name;
      if (locate.placeholder) attrs.placeholder ??= locate.placeholder;
      return;
    case 'box':
      facts.box ??= locate.box;
      return;
    case 'xpath':
    case 'backendNodeId':
      return;
  }
}

/** The simple CSS the recorder falls back to: `#id`, `[id="x"]`, `tag[name="q"]`, `tag`. */
function absorbCss(facts: ElementFacts, attrs: Record<string, string>, css: string): void {
  const tag = /^([a-z][a-z0-9-]*)/i.exec(css)?.[1];
  if (tag) facts.tag ??= tag.toLowerCase();
  const id = /#([\w-]+)/.exec(css)?.[1] ?? /\[id="([^"]+)"\]/.exec(css)?.[1];
  if (id) facts.id ??= id;
  for (const m of css.matchAll(/\[(name|type|placeholder|title|alt|data-testid|aria-label)="([^"]*)"\]/g)) attrs[m[1]!] ??= m[2]!;
}
