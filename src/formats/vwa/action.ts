import { z } from 'zod';
import type { Action, Point } from '../../ir/action.js';
import type { Box, Locate, Target } from '../../ir/target.js';
import { describeTarget } from '../../ir/describe.js';
import type { FieldIssue } from '../field-issue.js';
import { hasError, joinField, zodIssues } from '../field-issue.js';
import { ACTION_TYPE_NAMES, ActionType, actionTypeNumber, ROLES } from './action-types.js';
import { decodeKeyText, parseKeyComb } from './keys.js';
import { nodeAtPoint, resolveElement, type StepObservation } from './nodes.js';
import { attrValue, textValue } from '../../selectors/index.js';
import { literalArg, parsePwCode, PwCodeError, type PwCode } from './pw-code.js';

/** Default for WAIT (20): VWA's own pause after every action (`sleep_after_execution = 2.5` s in run.py). */
export const DEFAULT_WAIT_MS = 2500;

/**
 * One VWA action dict (`browser_env.actions.Action`). Every field may be null: the human
 * collector stores None for unused fields; agent runs store the defaults ("", 0, []).
 */
const VwaAction = z.looseObject({
  action_type: z.union([z.number().int(), z.string()]),
  coords: z.array(z.number()).nullish(),
  element_role: z.union([z.number().int(), z.string()]).nullish(),
  element_name: z.string().nullish(),
  text: z.unknown().optional(),
  page_number: z.union([z.number().int(), z.string().regex(/^\d+$/, 'expected a tab number')]).nullish(),
  url: z.string().nullish(),
  nth: z.number().int().nullish(),
  pw_code: z.string().nullish(),
  element_id: z.union([z.string(), z.number().int()]).nullish(),
  key_comb: z.string().nullish(),
  direction: z.string().nullish(),
  answer: z.string().nullish(),
  raw_prediction: z.string().nullish(),
});
type VwaAction = z.infer<typeof VwaAction>;

export interface ActionContext {
  /** Path of the action dict inside the step record, e.g. `action`. */
  field: string;
  /** The observation the action was chosen from (the same step). */
  observation: StepObservation;
  /** Milliseconds a WAIT step waits. */
  waitMs: number;
}

export interface DecodedAction {
  action?: Action;
  /** The VWA action_type number, when readable. */
  type?: number;
  /** The recorded box of the element acted on, for the step's evidence. */
  targetBox?: Box;
  /** Words for the step when the IR action differs from what VWA did. */
  note?: string;
  issues: FieldIssue[];
}

/** A VWA action dict as an IR action, with VWA's execution semantics (see docs in the format module). */
export function decodeVwaAction(value: unknown, ctx: ActionContext): DecodedAction {
  const f = (...keys: string[]) => joinField(ctx.field, ...keys)!;
  const parsed = VwaAction.safeParse(value);
  if (!parsed.success) return { issues: zodIssues(parsed.error, ctx.field) };
  const a = parsed.data;
  const type = actionTypeNumber(a.action_type);
  if (type === undefined) {
    return {
      issues: [
        {
          field: f('action_type'),
          message: `unknown VWA action type ${JSON.stringify(a.action_type)} (known: 0–${ACTION_TYPE_NAMES.length - 1}, ${ACTION_TYPE_NAMES.join(', ')})`,
          severity: 'error',
        },
      ],
    };
  }
  const issues: FieldIssue[] = [];
  const out: DecodedAction = { type, issues };
  const done = (action: Action | undefined): DecodedAction => {
    if (action && !hasError(issues)) out.action = action;
    return out;
  };

  switch (type) {
    case ActionType.NONE:
      return done({ type: 'noop' });
    case ActionType.SCROLL: {
      if (typeof a.direction !== 'string') {
        issues.push({ field: f('direction'), message: 'missing (expected "up" or "down")', severity: 'error' });
        return out;
      }
      // VWA: "up" anywhere in the direction scrolls up, anything else down, by one window height.
      return done({ type: 'scroll', dx: 0, dy: a.direction.includes('up') ? -1 : 1, unit: 'viewport' });
    }
    case ActionType.KEY_PRESS: {
      if (!a.key_comb) {
        issues.push({ field: f('key_comb'), message: 'missing (expected a key, e.g. "Enter" or "Control+a")', severity: 'error' });
        return out;
      }
      const chord = parseKeyComb(a.key_comb);
      if (chord.rewrittenFrom !== undefined)
        out.note = `recorded key_comb ${JSON.stringify(chord.rewrittenFrom)}: VWA presses Meta as Control off macOS, as this replay does`;
      if (chord.modifiers.length === 0 && chord.key.includes('+') && chord.key !== '+') {
        issues.push({
          field: f('key_comb'),
          message: `${JSON.stringify(chord.key)} is not a Playwright key chord (VWA failed this step with "Unknown key"); kept as recorded`,
          severity: 'warning',
        });
      }
      return done({ type: 'press', key: chord.key, modifiers: chord.modifiers });
    }
    case ActionType.MOUSE_CLICK:
    case ActionType.MOUSE_HOVER: {
      const point = fractionPoint(a.coords, 0, f('coords'), issues);
      if (!point) return out;
      // The node the observation shows under the point: what the replay checks is still there.
      const vp = ctx.observation.viewport;
      const under = vp ? nodeAtPoint(point.x * vp.width, point.y * vp.height, ctx.observation) : undefined;
      if (under?.box) out.targetBox = under.box;
      const expected = under?.target ? { expected: under.target } : {};
      return done(
        type === ActionType.MOUSE_CLICK
          ? { type: 'clickPoint', point, button: 'left', clickCount: 1, ...expected }
          : { type: 'hoverPoint', point, ...expected },
      );
    }
    case ActionType.KEYBOARD_TYPE: {
      const text = typedText(a, f('text'), issues);
      return done(text === undefined ? undefined : { type: 'type', text });
    }
    case ActionType.CLICK: {
      const el = elementTarget(a, ctx, issues);
      if (el.box) out.targetBox = el.box;
      return done(el.target && { type: 'click', target: el.target, button: 'left', modifiers: [], clickCount: 1 });
    }
    case ActionType.TYPE: {
      const el = elementTarget(a, ctx, issues);
      if (el.box) out.targetBox = el.box;
      let text: string | undefined;
      if (el.pw) {
        // VWA types the first argument of the code's last call (`.fill("x")` becomes locator.type("x")).
        const arg = el.pw.action.args[0];
        if (arg?.kind === 'str') text = arg.value;
        else
          issues.push({ field: f('pw_code'), message: `.${el.pw.action.name}() needs the text as its first argument`, severity: 'error' });
      } else {
        text = typedText(a, f('text'), issues);
      }
      return done(el.target && text !== undefined ? { type: 'type', target: el.target, text } : undefined);
    }
    case ActionType.HOVER: {
      const el = elementTarget(a, ctx, issues);
      if (el.box) out.targetBox = el.box;
      if (el.by === 'role') out.note = 'VWA only focuses an element found by role and name (no mouse move); replayed as a hover';
      return done(el.target && { type: 'hover', target: el.target });
    }
    case ActionType.PAGE_FOCUS: {
      if (a.page_number === null || a.page_number === undefined) {
        issues.push({ field: f('page_number'), message: 'missing (expected the tab number, 0-based)', severity: 'error' });
        return out;
      }
      return done({ type: 'switchPage', pageIndex: Number(a.page_number) });
    }
    case ActionType.NEW_TAB:
      return done({ type: 'newTab' });
    case ActionType.GO_BACK:
      return done({ type: 'goBack' });
    case ActionType.GO_FORWARD:
      return done({ type: 'goForward' });
    case ActionType.GOTO_URL: {
      if (!a.url) {
        issues.push({ field: f('url'), message: 'missing (expected the URL to go to)', severity: 'error' });
        return out;
      }
      return done({ type: 'navigate', url: a.url });
    }
    case ActionType.PAGE_CLOSE:
      return done({ type: 'closePage' });
    case ActionType.CHECK:
    case ActionType.SELECT_OPTION: {
      // VWA runs these only through pw_code.
      const pw = codeTarget(a, f('pw_code'), issues);
      if (!pw?.target) return out;
      if (type === ActionType.CHECK) return done({ type: 'check', target: pw.target });
      const select = selectOptions(pw, f('pw_code'), issues);
      return done(select && { type: 'select', target: pw.target, options: select.options, by: select.by });
    }
    case ActionType.STOP:
      return done(a.answer === null || a.answer === undefined ? { type: 'stop' } : { type: 'stop', answer: a.answer });
    case ActionType.CLEAR: {
      const el = elementTarget(a, ctx, issues);
      if (el.box) out.targetBox = el.box;
      out.note = 'VWA clears by clicking the element, pressing Control+A and Backspace';
      return done(el.target && { type: 'clear', target: el.target });
    }
    case ActionType.UPLOAD: {
      const el = elementTarget(a, ctx, issues);
      if (el.box) out.targetBox = el.box;
      const text = typedText(a, f('text'), issues);
      issues.push({
        field: f('action_type'),
        message: 'UPLOAD records are unreliable: upstream VWA builds them as TYPE and stores the path as key ids',
        severity: 'warning',
      });
      return done(el.target && text !== undefined ? { type: 'setInputFiles', target: el.target, files: text ? [text] : [] } : undefined);
    }
    case ActionType.WAIT:
      return done({ type: 'wait', ms: ctx.waitMs });
    case ActionType.DRAG: {
      // No DRAG executor is published; a drag is replayed only when the record carries both ends.
      if (Array.isArray(a.coords) && a.coords.length === 4) {
        const from = fractionPoint(a.coords, 0, f('coords'), issues);
        const to = fractionPoint(a.coords, 2, f('coords'), issues);
        return done(from && to ? { type: 'drag', from, to } : undefined);
      }
      issues.push({
        field: f('coords'),
        message: 'DRAG without start and end coordinates ([x1, y1, x2, y2]) cannot be replayed; the step does nothing',
        severity: 'warning',
      });
      return done({ type: 'noop', note: 'DRAG without coordinates' });
    }
    default:
      return out;
  }
}

/** VWA coords are fractions of the viewport, [left, top]. */
function fractionPoint(coords: number[] | null | undefined, at: number, field: string, issues: FieldIssue[]): Point | undefined {
  const x = coords?.[at];
  const y = coords?.[at + 1];
  if (x === undefined || y === undefined) {
    issues.push({
      field,
      message: coords ? `expected ${at + 2} numbers, got ${coords.length}` : 'missing (expected [x, y] as fractions of the viewport)',
      severity: 'error',
    });
    return undefined;
  }
  if (x < 0 || x > 1 || y < 0 || y > 1)
    issues.push({ field, message: `(${x}, ${y}) lies outside the viewport (coords are fractions 0–1)`, severity: 'warning' });
  return { x, y, units: 'fraction' };
}

function typedText(a: VwaAction, field: string, issues: FieldIssue[]): string | undefined {
  if (a.text === null || a.text === undefined) {
    issues.push({ field, message: 'missing (expected the text: a list of VWA key ids or a string)', severity: 'error' });
    return undefined;
  }
  const decoded = decodeKeyText(a.text, field);
  issues.push(...decoded.issues);
  return decoded.text;
}

interface ElementTarget {
  target?: Target;
  box?: Box;
  /** How the element was named: VWA's priority is element_id, then role + name, then pw_code. */
  by?: 'id' | 'role' | 'code';
  pw?: PwCode;
}

/** The element a CLICK/TYPE/HOVER/CLEAR/UPLOAD acts on, in VWA's priority order. */
function elementTarget(a: VwaAction, ctx: ActionContext, issues: FieldIssue[]): ElementTarget {
  const f = (...keys: string[]) => joinField(ctx.field, ...keys)!;
  const id = a.element_id === null || a.element_id === undefined ? '' : String(a.element_id);
  if (id !== '') {
    const r = resolveElement(id, ctx.observation, f('element_id'));
    issues.push(...r.issues);
    // VWA clicks the centre of the recorded box: so does the replay, after checking what is there.
    const target = r.target && r.box ? { ...r.target, atPoint: true } : r.target;
    return { target, box: r.box, by: 'id' };
  }
  const role = roleOf(a.element_role);
  if (role && a.element_name) {
    const target = roleTarget(role, a.element_name, a.nth ?? 0, f('nth'), issues);
    return { target, by: 'role' };
  }
  if (a.element_role !== null && a.element_role !== undefined && a.element_role !== 0 && roleOf(a.element_role) === undefined) {
    issues.push({
      field: f('element_role'),
      message: `${JSON.stringify(a.element_role)} is not a VWA role (0–${ROLES.length - 1} or a role name)`,
      severity: 'error',
    });
    return {};
  }
  if (a.pw_code) {
    const pw = codeTarget(a, f('pw_code'), issues);
    return pw?.target ? { target: pw.target, by: 'code', pw } : {};
  }
  issues.push({
    field: f('element_id'),
    message: 'no element: the action has no element_id, no element_role + element_name, and no pw_code',
    severity: 'error',
  });
  return {};
}

/** element_role as a role name; 0 is "no role" to VWA (its test is truthiness). */
function roleOf(role: number | string | null | undefined): string | undefined {
  if (typeof role === 'number') return role > 0 ? ROLES[role] : undefined;
  if (typeof role === 'string' && role) return (ROLES as readonly string[]).includes(role) ? role : undefined;
  return undefined;
}

/**
 * VWA's role + name search: getByRole (or getByAltText/Label/Placeholder for the pseudo-roles)
 * with Playwright's default substring name match, in every frame, then the nth match.
 */
function roleTarget(role: string, name: string, nth: number, nthField: string, issues: FieldIssue[]): Target {
  let simple: Locate;
  let selector: string;
  switch (role) {
    case 'alt_text':
      simple = { kind: 'alt', text: name, exact: false };
      selector = `internal:attr=[alt=${attrValue(name, false)}]`;
      break;
    case 'label':
      simple = { kind: 'label', text: name, exact: false };
      selector = `internal:label=${textValue(name, false)}`;
      break;
    case 'placeholder':
      simple = { kind: 'placeholder', text: name, exact: false };
      selector = `internal:attr=[placeholder=${attrValue(name, false)}]`;
      break;
    default:
      simple = { kind: 'role', role, name, exact: false };
      selector = `internal:role=${role}[name=${attrValue(name, false)}]`;
  }
  const nthLocate: Locate = { kind: 'selector', selector: `${selector} >> nth=${nth}` };
  if (nth !== 0) {
    issues.push({
      field: nthField,
      message: `VWA counts the ${nth}th match among those ≥30% in the viewport, sorted top-to-bottom; the replay counts in document order`,
      severity: 'warning',
    });
  }
  return { locate: nth === 0 ? [simple, nthLocate] : [nthLocate], description: describeTarget({ locate: [simple] }) };
}

function codeTarget(a: VwaAction, field: string, issues: FieldIssue[]): PwCode | undefined {
  if (!a.pw_code) {
    issues.push({ field, message: 'missing (this action type runs only through pw_code)', severity: 'error' });
    return undefined;
  }
  try {
    const code = parsePwCode(a.pw_code);
    if (!code.target) {
      issues.push({ field, message: 'the code names no element (it acts on page itself)', severity: 'error' });
      return undefined;
    }
    return code;
  } catch (e) {
    issues.push({
      field,
      message: e instanceof PwCodeError ? `cannot read ${JSON.stringify(a.pw_code)}: ${e.message}` : String(e),
      severity: 'error',
    });
    return undefined;
  }
}

/**
 * The options a SELECT_OPTION's code names. Upstream VWA calls `select_option()` with no
 * arguments at all (a TODO in actions.py), which selects nothing; this replay passes the
 * options the code names instead, since that is what the agent asked for.
 */
function selectOptions(
  pw: PwCode,
  field: string,
  issues: FieldIssue[],
): { options: string[]; by: 'value' | 'label' | 'valueOrLabel' } | undefined {
  const call = pw.action;
  const strings = (v: unknown): string[] | undefined =>
    typeof v === 'string' ? [v] : Array.isArray(v) && v.every((s) => typeof s === 'string') ? (v as string[]) : undefined;
  const bad = call.kwargs.find((k) => !['value', 'label', 'timeout', 'force', 'no_wait_after'].includes(k.name));
  if (bad) {
    issues.push({ field, message: `.${call.name}(${bad.name}=…) is not supported (only option values or labels)`, severity: 'error' });
    return undefined;
  }
  const positional = call.args[0];
  const kw = call.kwargs.find((k) => k.name === 'value' || k.name === 'label');
  const node = positional ?? kw?.value;
  const options = node === undefined ? undefined : strings(literalArg(node));
  if (!options?.length) {
    issues.push({
      field,
      message:
        node === undefined
          ? `.${call.name}() names no option (upstream VWA passes none either); nothing to select`
          : `.${call.name}() options must be a string or a list of strings`,
      severity: 'error',
    });
    return undefined;
  }
  return { options, by: positional ? 'valueOrLabel' : kw!.name === 'value' ? 'value' : 'label' };
}
