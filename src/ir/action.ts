import { z } from 'zod';
import { Target } from './target.js';

export const Modifier = z.enum(['Alt', 'Control', 'Meta', 'Shift', 'ControlOrMeta']);
export type Modifier = z.infer<typeof Modifier>;

/**
 * A point on the page. `fraction` is relative to the viewport (VisualWebArena), `px` is CSS
 * pixels of `viewport` when given (recorded screen size), else of the replay viewport.
 */
export const Point = z.object({
  x: z.number(),
  y: z.number(),
  units: z.enum(['px', 'fraction']).default('px'),
  viewport: z.object({ width: z.number().positive(), height: z.number().positive() }).optional(),
});
export type Point = z.infer<typeof Point>;

const withTarget = { target: Target };

/**
 * Every action any supported dataset can record. Names follow the Playwright recorder
 * where one exists, so a recorder line maps one to one; the others are the smallest set
 * that covers Mind2Web, VisualWebArena, BabyAGI and DevTools Recorder flows.
 */
export const Action = z.discriminatedUnion('type', [
  // Pages and navigation
  z.object({ type: z.literal('openPage'), url: z.string().optional() }),
  z.object({ type: z.literal('closePage') }),
  z.object({ type: z.literal('navigate'), url: z.string() }),
  z.object({ type: z.literal('goBack') }),
  z.object({ type: z.literal('goForward') }),
  z.object({ type: z.literal('reload') }),
  /** Make the n-th open page (0-based, in opening order) the current one. */
  z.object({ type: z.literal('switchPage'), pageIndex: z.number().int().nonnegative() }),
  z.object({ type: z.literal('newTab') }),
  z.object({
    type: z.literal('setViewport'),
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    deviceScaleFactor: z.number().positive().optional(),
    /**
     * Device emulation from this step on (DevTools `setViewport`, as Puppeteer's `page.setViewport`):
     * mobile layout (meta viewport, overlay scrollbars), touch input (`ontouchstart`, coarse
     * pointer), landscape screen orientation. Turning mobile or touch on or off reloads the page.
     */
    isMobile: z.boolean().optional(),
    hasTouch: z.boolean().optional(),
    isLandscape: z.boolean().optional(),
  }),

  // Element actions
  z.object({
    type: z.literal('click'),
    ...withTarget,
    /** `back`/`forward`: the mouse's side buttons (DevTools Recorder), sent through CDP. */
    button: z.enum(['left', 'middle', 'right', 'back', 'forward']).default('left'),
    modifiers: z.array(Modifier).default([]),
    clickCount: z.number().int().nonnegative().default(1),
    /** Offset inside the element (recorder: canvas clicks). */
    position: z.object({ x: z.number(), y: z.number() }).optional(),
    /**
     * The recording says exactly where it clicked (DevTools `offsetX/offsetY`): press there once
     * the element is visible and still, without Playwright's hit-test (a child drawn over the
     * point is what the user clicked too).
     */
    atRecordedPoint: z.boolean().optional(),
    /** Milliseconds the button is held down (DevTools `duration`). */
    holdMs: z.number().nonnegative().optional(),
  }),
  z.object({ type: z.literal('hover'), ...withTarget, position: z.object({ x: z.number(), y: z.number() }).optional() }),
  z.object({ type: z.literal('check'), ...withTarget }),
  z.object({ type: z.literal('uncheck'), ...withTarget }),
  /**
   * Replace the field's value. `byFieldKind` (DevTools `change`, as @puppeteer/replay does it):
   * a <select> chooses the option of that value, a checkbox/radio/switch is clicked when its state
   * differs from the value's truthiness, a text field or contenteditable is typed into (only the
   * rest when it already starts with part of the value), any other input is set directly.
   */
  z.object({ type: z.literal('fill'), ...withTarget, text: z.string(), byFieldKind: z.boolean().optional() }),
  /** Type key by key, appending to what is there; without target, into the focused element. */
  z.object({ type: z.literal('type'), target: Target.optional(), text: z.string() }),
  z.object({ type: z.literal('clear'), ...withTarget }),
  /** One key or chord; without target, on the focused element. */
  z.object({
    type: z.literal('press'),
    target: Target.optional(),
    key: z.string().min(1),
    modifiers: z.array(Modifier).default([]),
  }),
  z.object({ type: z.literal('keyDown'), key: z.string().min(1) }),
  z.object({ type: z.literal('keyUp'), key: z.string().min(1) }),
  z.object({
    type: z.literal('select'),
    ...withTarget,
    options: z.array(z.string()),
    /** The recorder records option values; Mind2Web records the visible label. */
    by: z.enum(['value', 'label', 'valueOrLabel']).default('valueOrLabel'),
  }),
  /** Files by name as recorded; the replayer maps names to real files. */
  z.object({ type: z.literal('setInputFiles'), target: Target.optional(), files: z.array(z.string()) }),

  // Pointer and viewport
  z.object({
    type: z.literal('clickPoint'),
    point: Point,
    button: z.enum(['left', 'middle', 'right']).default('left'),
    clickCount: z.number().int().positive().default(1),
    /** The recorded element under the point (VWA obs_nodes_info), for the drift check and `--repair`. */
    expected: Target.optional(),
  }),
  z.object({ type: z.literal('hoverPoint'), point: Point, expected: Target.optional() }),
  z.object({ type: z.literal('drag'), from: Point, to: Point }),
  /** Scroll by dx/dy in `unit`s; `viewport` = multiples of the window height/width. */
  z.object({
    type: z.literal('scroll'),
    target: Target.optional(),
    dx: z.number().default(0),
    dy: z.number().default(0),
    unit: z.enum(['px', 'viewport']).default('px'),
    /** Scroll to this position (CSS px) instead of by dx/dy: DevTools records where it ended up. */
    to: z.object({ x: z.number(), y: z.number() }).optional(),
  }),
  /** Network throttling for the page (DevTools); download and upload 0 = offline. Bytes/s, ms. */
  z.object({ type: z.literal('emulateNetwork'), download: z.number(), upload: z.number(), latency: z.number().nonnegative() }),

  // Waiting and control
  z.object({
    type: z.literal('wait'),
    ms: z.number().nonnegative().optional(),
    until: z.enum(['load', 'domcontentloaded', 'networkidle']).optional(),
    selector: z.string().optional(),
    expression: z.string().optional(),
    /** Frame hops (Playwright selectors of iframes, main frame down) the `expression` runs in. */
    framePath: z.array(z.string()).optional(),
    /**
     * DevTools `waitForElement`, as @puppeteer/replay checks it: until the matches of the first of
     * `selectors` (Playwright selectors, alternatives in order) that matches anything number
     * `operator count` and every match has `attributes` and `properties`; `visible: false` waits
     * for that to be untrue.
     */
    elements: z
      .object({
        selectors: z.array(z.string().min(1)).min(1),
        operator: z.enum(['>=', '==', '<=']),
        count: z.number().int().nonnegative(),
        attributes: z.record(z.string(), z.string()).optional(),
        properties: z.record(z.string(), z.unknown()).optional(),
        visible: z.boolean().optional(),
        /**
         * Alternatives asked of Chrome's accessibility tree (DevTools `aria/`, as Puppeteer's `$$`
         * resolves them): alternative `at` counts the nodes the tree names; its entry in `selectors`
         * is then only a Playwright approximation, for exports and descriptions.
         */
        aria: z
          .array(
            z.object({
              at: z.number().int().nonnegative(),
              name: z.string().optional(),
              role: z.string().optional(),
              /** Child-frame indexes from the main frame down (DevTools `frame`). */
              framePath: z.array(z.number().int().nonnegative()).optional(),
            }),
          )
          .optional(),
        /**
         * Alternatives counted as Puppeteer's `text/` query counts them (Locate `textContains`):
         * their entries in `selectors` are then only Playwright approximations.
         */
        textContains: z
          .array(
            z.object({
              at: z.number().int().nonnegative(),
              text: z.string().min(1),
              framePath: z.array(z.number().int().nonnegative()).optional(),
            }),
          )
          .optional(),
      })
      .optional(),
  }),
  /** The agent declared the task finished; nothing is executed. */
  z.object({ type: z.literal('stop'), answer: z.string().optional() }),
  /**
   * A recorded step that does nothing (VWA NONE), kept so step numbers stay aligned.
   * `unsupported`: the step did something this replayer cannot do (a DevTools `customStep`); it
   * is reported `not-supported` and the other steps still run.
   */
  z.object({ type: z.literal('noop'), note: z.string().optional(), unsupported: z.string().optional() }),

  // Assertions
  z.object({ type: z.literal('assertText'), ...withTarget, text: z.string(), substring: z.boolean().default(true) }),
  z.object({ type: z.literal('assertValue'), ...withTarget, value: z.string() }),
  z.object({ type: z.literal('assertChecked'), ...withTarget, checked: z.boolean() }),
  z.object({ type: z.literal('assertVisible'), ...withTarget }),
  z.object({ type: z.literal('assertSnapshot'), ...withTarget, snapshot: z.string().optional() }),
]);
export type Action = z.infer<typeof Action>;
export type ActionType = Action['type'];
/** A wait for elements (DevTools `waitForElement`): its alternatives, count and expected state. */
export type ElementsWait = NonNullable<Extract<Action, { type: 'wait' }>['elements']>;
