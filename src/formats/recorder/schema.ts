import { z } from 'zod';
import { MODIFIER_MASK } from './modifiers.js';

/**
 * The Playwright recorder's JSONL action lines (`jsonl.ts` generator), union over 1.35–1.65.
 * Three line shapes add context fields to the action object:
 *   ≤1.49      `{...action, pageAlias, locator}`
 *   1.50–1.61  `{...action, [pageGuid,] pageAlias, framePath, locator}` (pageGuid from 1.54)
 *   ≥1.62      `{...action, pageGuid, locator}` with frames folded into `selector`
 * Objects are loose: unknown keys (`ref`, `ariaSnapshot`, later additions) are kept as extras.
 * Fields every recorder version writes but whose absence has an obvious meaning (click
 * `button`, `modifiers`, `clickCount`, `assertText.substring`) are optional; the IR's
 * defaults fill them in.
 */

const Context = {
  name: z.string(),
  signals: z.array(z.unknown()).optional(),
  pageAlias: z.string().min(1).optional(),
  pageGuid: z.string().min(1).optional(),
  framePath: z.array(z.string()).optional(),
  /** Validated by the target decoder: it is derived data and only ever a warning. */
  locator: z.unknown().optional(),
  /** 1.55–1.61: an element that appeared since the previous action (auto `toBeVisible`). */
  preconditionSelector: z.string().min(1).optional(),
};

const selector = z.string().min(1);
const modifiers = z.number().int().min(0).max(MODIFIER_MASK);
const position = z.object({ x: z.number(), y: z.number() });

function line<S extends z.ZodRawShape>(shape: S) {
  return z.looseObject({ ...Context, ...shape });
}

export const RecorderLine = {
  openPage: line({ url: z.string() }),
  closePage: line({}),
  navigate: line({ url: z.string() }),
  click: line({
    selector,
    button: z.enum(['left', 'middle', 'right']).optional(),
    modifiers: modifiers.optional(),
    clickCount: z.number().int().min(0).optional(),
    position: position.optional(),
  }),
  hover: line({ selector, position: position.optional() }),
  check: line({ selector }),
  uncheck: line({ selector }),
  fill: line({ selector, text: z.string() }),
  press: line({ selector, key: z.string().min(1), modifiers: modifiers.optional() }),
  select: line({ selector, options: z.array(z.string()) }),
  setInputFiles: line({ selector, files: z.array(z.string()) }),
  assertText: line({ selector, text: z.string(), substring: z.boolean().optional() }),
  assertValue: line({ selector, value: z.string() }),
  assertChecked: line({ selector, checked: z.boolean() }),
  assertVisible: line({ selector }),
  /** `snapshot` 1.49–1.53, `ariaSnapshot` 1.54; both blanked by the generator from 1.55. */
  assertSnapshot: line({ selector, snapshot: z.string().optional(), ariaSnapshot: z.string().optional() }),
};

export type RecorderActionName = keyof typeof RecorderLine;
export const RECORDER_ACTION_NAMES = Object.keys(RecorderLine) as RecorderActionName[];

export function isRecorderActionName(name: string): name is RecorderActionName {
  return Object.prototype.hasOwnProperty.call(RecorderLine, name);
}

/** Signals (recorder `Signal` type) keyed by name. */
export const RecorderSignal = {
  /** ≤1.47 only: some page's main frame went to `url` shortly after the action. */
  navigation: z.looseObject({ name: z.literal('navigation'), url: z.string() }),
  /** `popupAlias` ≤1.61, `popupPageGuid` ≥1.62; one of them is required (checked in code). */
  popup: z.looseObject({ name: z.literal('popup'), popupAlias: z.string().min(1).optional(), popupPageGuid: z.string().min(1).optional() }),
  download: z.looseObject({ name: z.literal('download'), downloadAlias: z.string() }),
  dialog: z.looseObject({ name: z.literal('dialog'), dialogAlias: z.string().optional() }),
  /** ≥1.62: an element to see before the action runs. */
  expect: z.looseObject({ name: z.literal('expect'), selector }),
};

export type RecorderSignalName = keyof typeof RecorderSignal;

export function isRecorderSignalName(name: string): name is RecorderSignalName {
  return Object.prototype.hasOwnProperty.call(RecorderSignal, name);
}

/** Keys of a line that the decoder turns into IR; the rest are kept as extras. */
export function consumedKeys(name: RecorderActionName): ReadonlySet<string> {
  let keys = CONSUMED.get(name);
  if (!keys) CONSUMED.set(name, (keys = new Set(Object.keys(RecorderLine[name].shape))));
  return keys;
}

/** Built once per action name: a decode asks for every line. */
const CONSUMED = new Map<RecorderActionName, ReadonlySet<string>>();
