import { describeTarget } from '../../ir/describe.js';
import type { Locate, Target } from '../../ir/target.js';
import type { FieldIssue } from '../field-issue.js';
import { joinField } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import { describingLocate, locateFromPart, partEngine, splitSelector } from '../../selectors/index.js';

/** One node of the recorder's `locator` object (`JsonlLocatorFactory`); `next` chains. */
interface LocatorNode {
  kind: string;
  body?: unknown;
  options?: Record<string, unknown>;
  next?: unknown;
}

/** Checked by hand, not with zod: every recorder line has one, and zod showed in decode profiles. */
function isLocatorNode(v: unknown): v is LocatorNode {
  const node = v as LocatorNode;
  return isPlainObject(v) && typeof node.kind === 'string' && (node.options === undefined || isPlainObject(node.options));
}

/** The selector engine each simple locator kind is rendered from. */
const ENGINE_OF_KIND: Record<string, string> = {
  role: 'internal:role',
  text: 'internal:text',
  label: 'internal:label',
  placeholder: 'internal:attr',
  alt: 'internal:attr',
  title: 'internal:attr',
  'test-id': 'internal:testid',
};

export interface RecorderTargetInput {
  selector: string;
  framePath?: string[];
  locator?: unknown;
}

/**
 * The recorder's `selector` (+ `framePath`) as an IR Target. The selector comes first
 * because it is exact; the `locator` object is a lossy rendering of it (regexes become `{}`,
 * chained filters and frame hops get dropped, microsoft/playwright#35536), so a getBy*
 * alternative is added only when the locator is one plain node that the selector agrees
 * with, and never for an action inside an iframe (the alternative would lose the frame).
 */
export function targetFromRecorder(input: RecorderTargetInput, at?: string): { target: Target; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  const first: Locate = { kind: 'selector', selector: input.selector };
  if (input.framePath !== undefined) first.framePath = input.framePath;
  const locate: Locate[] = [first];

  let alternative: Locate | undefined;
  if (input.locator !== undefined) {
    const node = input.locator;
    if (!isLocatorNode(node)) {
      issues.push({
        field: joinField(at, 'locator'),
        message: 'not a recorder locator object; ignored (the selector is used)',
        severity: 'warning',
      });
    } else {
      alternative = simpleLocate(node);
      const parts = splitSelector(input.selector);
      const inFrame = (input.framePath?.length ?? 0) > 0;
      const agrees =
        alternative &&
        parts.length === 1 &&
        partEngine(parts[0]!) === ENGINE_OF_KIND[node.kind] &&
        sameElement(alternative, locateFromPart(parts[0]!));
      if (alternative && agrees && !inFrame) locate.push(alternative);
    }
  }

  const named = describingLocate(input.selector) ?? alternative;
  const target: Target = { locate };
  if (named) target.description = describeTarget({ locate: [named] });
  return { target, issues };
}

/**
 * Whether the locator says what the selector says (a hand-edited or post-processed line may
 * not). `exact` is compared only when both state it: a name-less role has none in the selector.
 */
function sameElement(fromLocator: Locate, fromSelector: Locate | undefined): boolean {
  if (!fromSelector) return false;
  const a = fromLocator as Record<string, unknown>;
  const b = fromSelector as Record<string, unknown>;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  keys.delete('exact');
  if ([...keys].some((k) => a[k] !== b[k])) return false;
  return a.exact === undefined || b.exact === undefined || a.exact === b.exact;
}

/** A locator node with no `next` as a getBy* Locate, when the IR can say all of it. */
function simpleLocate(node: LocatorNode): Locate | undefined {
  if (node.next !== undefined || typeof node.body !== 'string') return undefined;
  const options = node.options ?? {};
  const exact = typeof options.exact === 'boolean' ? options.exact : undefined;
  switch (node.kind) {
    case 'role': {
      // Attributes (level, checked, …) have no place in the IR's role Locate: dropping them would widen the match.
      if (Array.isArray(options.attrs) && options.attrs.length > 0) return undefined;
      if (options.name !== undefined && typeof options.name !== 'string') return undefined; // a regex name
      const role: Locate = { kind: 'role', role: node.body };
      if (typeof options.name === 'string') role.name = options.name;
      if (exact !== undefined) role.exact = exact;
      return node.body ? role : undefined;
    }
    case 'text':
    case 'label':
    case 'placeholder':
    case 'alt':
    case 'title': {
      const text: Locate = { kind: node.kind, text: node.body };
      if (exact !== undefined) text.exact = exact;
      return text;
    }
    case 'test-id':
      return { kind: 'testId', testId: node.body };
    default:
      return undefined;
  }
}
