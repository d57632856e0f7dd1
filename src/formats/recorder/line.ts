import type { z } from 'zod';
import { Action } from '../../ir/action.js';
import type { Expectation } from '../../ir/expectation.js';
import type { Target } from '../../ir/target.js';
import { throughFrames } from '../../selectors/index.js';
import type { FieldIssue } from '../field-issue.js';
import { hasError, joinField, zodIssues } from '../field-issue.js';
import { modifiersFromBitmask } from './modifiers.js';
import { consumedKeys, isRecorderActionName, RecorderLine, type RecorderActionName } from './schema.js';
import { expectationsFromSignals } from './signals.js';
import { targetFromRecorder } from './target.js';

/** One recorder action line in IR terms. */
export interface RecorderStep {
  action: Action;
  /** `pageAlias` (≤1.61), else `pageGuid` (≥1.62), else `page`. */
  page: string;
  expect: Expectation[];
  /** Keys of the line the IR has no place for (`ref`, `ariaSnapshot` on non-snapshot actions…). */
  extras: Record<string, unknown>;
}

/** `step` is set exactly when no issue is an error. */
export interface RecorderLineResult {
  step?: RecorderStep;
  issues: FieldIssue[];
}

/**
 * Decodes one parsed recorder line (a codegen `.jsonl` line or an rpaweb
 * `json_data.browserCode`). `at` is the line's field path in its record, so every issue
 * points at the exact field (`json_data.browserCode.selector`). Never throws.
 */
export function decodeRecorderLine(value: unknown, at?: string): RecorderLineResult {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { issues: [{ field: at, message: `expected a recorder action object, got ${kindOf(value)}`, severity: 'error' }] };
  }
  const name = (value as { name?: unknown }).name;
  if (typeof name !== 'string') {
    return {
      issues: [
        {
          field: joinField(at, 'name'),
          message: name === undefined ? 'missing (expected string)' : `expected a string, got ${kindOf(name)}`,
          severity: 'error',
        },
      ],
    };
  }
  if (!isRecorderActionName(name)) {
    return { issues: [{ field: joinField(at, 'name'), message: `unknown recorder action ${JSON.stringify(name)}`, severity: 'error' }] };
  }
  const parsed = RecorderLine[name].safeParse(value);
  if (!parsed.success) return { issues: zodIssues(parsed.error, at) };
  return build(name, parsed.data, at);
}

type Line<N extends RecorderActionName> = z.infer<(typeof RecorderLine)[N]>;
type AnyLine = Line<RecorderActionName>;

function build(name: RecorderActionName, line: AnyLine, at?: string): RecorderLineResult {
  const issues: FieldIssue[] = [];

  let target: Target | undefined;
  if ('selector' in line && typeof line.selector === 'string') {
    const t = targetFromRecorder({ selector: line.selector, framePath: line.framePath, locator: line.locator }, at);
    issues.push(...t.issues);
    target = t.target;
  }

  const candidate = actionFields(name, line, target, issues, at);

  const signals = expectationsFromSignals(line.signals ?? [], at);
  issues.push(...signals.issues);
  const expect: Expectation[] = [];
  if (line.preconditionSelector !== undefined) {
    // The element codegen 1.55–1.61 waits for before the action; same meaning as the ≥1.62 `expect` signal.
    expect.push({ kind: 'visible', selector: throughFrames(line.framePath ?? [], line.preconditionSelector) });
  }
  expect.push(...signals.expect);

  // Through the IR schema: applies its defaults and catches anything this mapping got wrong.
  const action = Action.safeParse(withoutUndefined(candidate));
  if (!action.success) issues.push(...zodIssues(action.error, at).map((i) => ({ ...i, message: `does not fit the IR: ${i.message}` })));
  if (!action.success || hasError(issues)) return { issues };

  const consumed = consumedKeys(name);
  const extras: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(line)) if (!consumed.has(k)) extras[k] = v;
  const page = line.pageAlias ?? line.pageGuid ?? 'page';
  return { step: { action: action.data, page, expect, extras }, issues };
}

/** The value a browser gives an `<input type=file>` holding one file. */
const FAKEPATH = /^C:\\fakepath\\([^\\/]+)$/;

/** The IR action's own fields for each recorder action (not yet defaulted or validated). */
function actionFields(name: RecorderActionName, l: AnyLine, target: unknown, issues: FieldIssue[], at?: string): unknown {
  const line = l as Record<string, unknown>;
  const mods = (m: unknown) => (typeof m === 'number' ? modifiersFromBitmask(m) : undefined);
  switch (name) {
    case 'openPage':
      return { type: 'openPage', url: line.url };
    case 'closePage':
      return { type: 'closePage' };
    case 'navigate':
      return { type: 'navigate', url: line.url };
    case 'click':
      return {
        type: 'click',
        target,
        button: line.button,
        modifiers: mods(line.modifiers),
        clickCount: line.clickCount,
        position: line.position,
      };
    case 'hover':
      return { type: 'hover', target, position: line.position };
    case 'check':
      return { type: 'check', target };
    case 'uncheck':
      return { type: 'uncheck', target };
    case 'fill': {
      // Recorders from 1.6x record a file upload as a `fill` of the input's value, which browsers
      // report as "C:\fakepath\<name>" (HTML's fakepath); filling a file input throws, so it is
      // the upload it stands for.
      const upload = typeof line.text === 'string' ? FAKEPATH.exec(line.text) : null;
      if (upload) return { type: 'setInputFiles', target, files: [upload[1]] };
      return { type: 'fill', target, text: line.text };
    }
    case 'press':
      return { type: 'press', target, key: line.key, modifiers: mods(line.modifiers) };
    // The recorder records option values, and its own runner matches by value only.
    case 'select':
      return { type: 'select', target, options: line.options, by: 'value' };
    case 'setInputFiles':
      return { type: 'setInputFiles', target, files: line.files };
    case 'assertText':
      return { type: 'assertText', target, text: line.text, substring: line.substring };
    case 'assertValue':
      return { type: 'assertValue', target, value: line.value };
    case 'assertChecked':
      return { type: 'assertChecked', target, checked: line.checked };
    case 'assertVisible':
      return { type: 'assertVisible', target };
    case 'assertSnapshot': {
      const snapshot = line.snapshot ?? line.ariaSnapshot;
      if (snapshot === undefined) {
        issues.push({
          field: joinField(at, 'ariaSnapshot'),
          message: 'assertSnapshot has no snapshot text (the recorder drops it from 1.55 on); there is no snapshot to compare against',
          severity: 'warning',
        });
      }
      return { type: 'assertSnapshot', target, snapshot };
    }
  }
}

/** Drops `undefined` members so optional fields are absent, not present-and-undefined. */
function withoutUndefined(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  // A loop, not Object.fromEntries(Object.entries(…).filter(…)): this runs for every recorder line.
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) {
    const v = (value as Record<string, unknown>)[k];
    if (v !== undefined) out[k] = v;
  }
  return out;
}

function kindOf(v: unknown): string {
  return v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v;
}
