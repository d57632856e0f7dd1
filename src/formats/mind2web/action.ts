import { z } from 'zod';
import type { Action } from '../../ir/action.js';
import type { SourceRef, Step } from '../../ir/episode.js';
import type { Evidence } from '../../ir/evidence.js';
import type { Box, Locate, Target, Viewport } from '../../ir/target.js';
import type { FieldIssue } from '../field-issue.js';
import { hasError, joinField, zodIssues } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import { M2W_OPS, parseActionRepr, reprDescription, type ActionRepr, type M2WOpName } from './action-repr.js';
import { decodeCandidate, objectOrJsonText, orderPositives, type Candidate } from './candidates.js';
import { parseRect } from '../../ir/recorded-page/dom-xml-rect.js';
import { findMarkedElement, MARKER_ATTR_LIVE, MARKER_ATTR_RAW, type MarkedElement } from './raw-html.js';
import { findMarkedElementInJson } from './raw-html-json.js';
import { defineLazyText, JsonStringBytes } from '../json-string-bytes.js';

/**
 * The fields the decoder may be handed undecoded (`JsonStringBytes`, see lazy-record.ts):
 * large strings nothing reads until a step is replayed.
 */
export const M2W_LAZY_KEYS: ReadonlySet<string> = new Set(['raw_html', 'cleaned_html']);

/**
 * The viewport Mind2Web's snapshots were taken in: the trace viewer re-rendered every recorded
 * state at 1280×1080 (spec §1.5), and every `bounding_box_rect` is in that layout's document
 * coordinates. A live replay should use the same width so breakpoints and boxes match.
 */
export const M2W_VIEWPORT: Viewport = { width: 1280, height: 1080 };

const Operation = z.looseObject({
  op: z.enum(['CLICK', 'TYPE', 'SELECT']),
  original_op: z.enum(M2W_OPS).optional(),
  value: z.string().optional(),
});

const ActionFields = z.looseObject({
  action_uid: z.string().min(1),
  raw_html: z.string().nullish(),
  cleaned_html: z.string().nullish(),
  pos_candidates: z.array(z.unknown()),
  neg_candidates: z.array(z.unknown()).nullish(),
});

export interface ActionInput {
  /** The action object (Mind2Web) or row (Multimodal-Mind2Web: same fields, more of them). */
  value: unknown;
  /** The step's `action_reprs` entry, when the record has one. */
  reprText?: string;
  source: SourceRef;
  /** Absolute path of the recorded screenshot, already checked (Multimodal-Mind2Web). */
  screenshot?: string;
}

export interface DecodedAction {
  actionUid?: string;
  /** Set when the action decoded without error issues. */
  step?: Omit<Step, 'index'>;
  /** Problems of the action record, fields relative to it (`operation.op`). */
  issues: FieldIssue[];
  /** Problems of the `action_reprs` entry (no field: the caller knows where it is). */
  reprIssues: FieldIssue[];
}

/**
 * One Mind2Web action → one IR step. The operation becomes the action (by `original_op`, so
 * HOVER and ENTER are not flattened into CLICK), and the target is every recorded way of
 * finding the element, best first:
 *   1. `[data_pw_testid_buckeye="<action_uid>"]`: the annotator's marker, exact on `raw_html`
 *      (written only when the marker is really there), then `[data-pw-testid-buckeye=…]`, its
 *      spelling on the annotated page and in the raw-dump MHTML;
 *   2. the positive candidates' backend node ids (marked node first, then its clickable
 *      ancestor, then the rest): any of them counts as correct for Mind2Web's element accuracy;
 *   3. a fingerprint of the marked element (tag, id, name, role, aria-label, placeholder, text)
 *      for re-finding it on a live site, where node ids mean nothing;
 *   4. its recorded box (document coordinates of the 1280-px-wide layout).
 */
export function decodeAction(input: ActionInput): DecodedAction {
  const issues: FieldIssue[] = [];
  const reprIssues: FieldIssue[] = [];
  const out: DecodedAction = { issues, reprIssues };
  if (!isPlainObject(input.value)) {
    issues.push({
      message: `expected an action object, got ${Array.isArray(input.value) ? 'an array' : input.value === null ? 'null' : typeof input.value}`,
      severity: 'error',
    });
    return out;
  }
  const a = input.value;
  // Undecoded strings are strings: checked as such without decoding them.
  const view = { ...a };
  for (const k of M2W_LAZY_KEYS) if (view[k] instanceof JsonStringBytes) view[k] = '';
  const fields = ActionFields.safeParse(view);
  if (!fields.success) issues.push(...zodIssues(fields.error));
  const actionUid = typeof a.action_uid === 'string' && a.action_uid !== '' ? a.action_uid : undefined;
  if (actionUid !== undefined) out.actionUid = actionUid;

  const operation = decodeOperation(a.operation, issues);
  const positives: Candidate[] = [];
  if (Array.isArray(a.pos_candidates)) {
    a.pos_candidates.forEach((c, i) => {
      const candidate = decodeCandidate(c, joinField('pos_candidates', i)!, issues);
      if (candidate) positives.push(candidate);
    });
  }
  const rawHtml = a.raw_html instanceof JsonStringBytes || (typeof a.raw_html === 'string' && a.raw_html !== '') ? a.raw_html : undefined;

  let repr: ActionRepr | undefined;
  if (input.reprText !== undefined) {
    repr = parseActionRepr(input.reprText, operation && { op: operation.original, value: operation.value });
    if (!repr)
      reprIssues.push({ message: `not of the form "[role]  name -> OP[: value]"; kept as the step's note only`, severity: 'warning' });
    else if (operation && repr.op !== operation.original) {
      reprIssues.push({
        message: `says ${repr.op} but the operation is ${operation.original}; the step follows the operation`,
        severity: 'warning',
      });
    } else if (operation && (repr.value ?? '') !== operation.value) {
      reprIssues.push({
        message: `says value ${JSON.stringify(repr.value ?? '')} but the operation's value is ${JSON.stringify(operation.value)}; the step follows the operation`,
        severity: 'warning',
      });
    }
  }

  if (hasError(issues) || !operation || actionUid === undefined) return out;

  const marked =
    rawHtml === undefined
      ? undefined
      : typeof rawHtml === 'string'
        ? findMarkedElement(rawHtml, actionUid)
        : findMarkedElementInJson(rawHtml, actionUid);
  if (rawHtml === undefined)
    issues.push({ field: 'raw_html', message: 'missing or empty: the step has no recorded HTML', severity: 'warning' });
  else if (!marked)
    issues.push({
      field: 'raw_html',
      message: `no element carries ${MARKER_ATTR_RAW}="${actionUid}": the target is known from its candidates only`,
      severity: 'warning',
    });
  if (!marked && positives.length === 0) {
    issues.push({
      field: 'pos_candidates',
      message:
        "empty, and the recorded HTML has no marked target: Mind2Web filtered out this step's ground truth, so no recorded element can be checked",
      severity: 'warning',
    });
  }

  const target = buildTarget(actionUid, marked, orderPositives(positives), repr, issues);
  const before: Evidence = { viewport: M2W_VIEWPORT };
  if (rawHtml !== undefined) {
    // Kept undecoded until a replay reads it (snapshot mode, comparisons): decoding is most of a shard's cost.
    if (typeof rawHtml === 'string') before.html = rawHtml;
    else defineLazyText(before, 'html', rawHtml.detached());
    before.htmlForm = 'dom-xml';
  }
  if (input.screenshot !== undefined) before.screenshot = input.screenshot;
  const step: Omit<Step, 'index'> = { page: 'page', action: toAction(operation, target), expect: [], before, source: input.source };
  if (input.reprText !== undefined && input.reprText !== '') step.note = input.reprText;
  out.step = step;
  return out;
}

interface Operation {
  op: 'CLICK' | 'TYPE' | 'SELECT';
  original: M2WOpName;
  value: string;
}

/** What `op` must be for each `original_op`: HOVER and ENTER were folded into CLICK. */
const OP_FOR: Record<M2WOpName, Operation['op']> = { CLICK: 'CLICK', TYPE: 'TYPE', SELECT: 'SELECT', HOVER: 'CLICK', ENTER: 'CLICK' };

function decodeOperation(value: unknown, issues: FieldIssue[]): Operation | undefined {
  const obj = objectOrJsonText(value, 'operation', issues, 'an operation object');
  if (!obj) return undefined;
  const parsed = Operation.safeParse(obj, { reportInput: true });
  if (!parsed.success) {
    issues.push(...zodIssues(parsed.error, 'operation'));
    return undefined;
  }
  const { op, original_op, value: v = '' } = parsed.data;
  const original = original_op ?? op;
  if (OP_FOR[original] !== op) {
    issues.push({
      field: 'operation.op',
      message: `${op} does not go with original_op ${original} (expected ${OP_FOR[original]}); the step follows original_op`,
      severity: 'warning',
    });
  }
  if (original === 'SELECT' && v === '') {
    issues.push({ field: 'operation.value', message: 'SELECT without a value: there is no option to choose', severity: 'error' });
    return undefined;
  }
  return { op, original, value: v };
}

function toAction(operation: Operation, target: Target): Action {
  switch (operation.original) {
    case 'CLICK':
      return { type: 'click', target, button: 'left', modifiers: [], clickCount: 1 };
    case 'HOVER':
      return { type: 'hover', target };
    // Recorded as a key press on the element (spec §6: inferred, not confirmed by the tool's code).
    case 'ENTER':
      return { type: 'press', target, key: 'Enter', modifiers: [] };
    case 'TYPE':
      return { type: 'fill', target, text: operation.value };
    // `value` is the option's visible text ("Pickup"), not its value attribute ("pickup").
    case 'SELECT':
      return { type: 'select', target, options: [operation.value], by: 'label' };
  }
}

function buildTarget(
  actionUid: string,
  marked: MarkedElement | undefined,
  positives: Candidate[],
  repr: ActionRepr | undefined,
  issues: FieldIssue[],
): Target {
  const uid = cssString(actionUid);
  const locate: Locate[] = [];
  if (marked) locate.push({ kind: 'css', css: `[${MARKER_ATTR_RAW}=${uid}]` });
  locate.push({ kind: 'css', css: `[${MARKER_ATTR_LIVE}=${uid}]` });

  // Only the positives: a backendNodeId locate is what snapshot mode counts toward element
  // accuracy, and a step whose pos_candidates are empty is a miss there (SeeAct #43), even
  // though its marked node is still found by the marker above.
  for (const backendNodeId of new Set(positives.map((c) => c.backendNodeId))) locate.push({ kind: 'backendNodeId', backendNodeId });

  const source = marked ?? positives[0];
  if (source) {
    const attrs = source.attributes;
    const fingerprint: Extract<Locate, { kind: 'fingerprint' }> = { kind: 'fingerprint', tag: source.tag };
    const put = (key: 'id' | 'name' | 'role' | 'ariaLabel' | 'placeholder' | 'text', v: string | undefined) => {
      if (v !== undefined && v.trim() !== '') fingerprint[key] = v;
    };
    put('id', attrs.id);
    put('name', attrs.name);
    put('role', attrs.role);
    put('ariaLabel', attrs.aria_label);
    put('placeholder', attrs.placeholder);
    if (marked) put('text', marked.text);
    locate.push(fingerprint);
  }

  const rect =
    marked?.attributes.bounding_box_rect ??
    positives.find((c) => c.attributes.bounding_box_rect !== undefined)?.attributes.bounding_box_rect;
  if (rect !== undefined) {
    const box: Box | null | undefined = parseRect(rect);
    if (box) locate.push({ kind: 'box', box, viewport: M2W_VIEWPORT });
    else if (box === undefined) {
      issues.push({
        field: marked ? 'raw_html' : 'pos_candidates',
        message: `bounding_box_rect ${JSON.stringify(rect)} is not "x,y,width,height"; the box is dropped`,
        severity: 'warning',
      });
    }
  }

  const target: Target = { locate };
  if (repr) target.description = reprDescription(repr);
  return target;
}

/** A CSS string literal. */
function cssString(s: string): string {
  return `"${s.replace(/["\\]/g, '\\$&').replace(/\n/g, '\\a ')}"`;
}
