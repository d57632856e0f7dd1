import { z } from 'zod';

/**
 * The Chrome DevTools Recorder "user flow" (the JSON @puppeteer/replay plays, its
 * `Schema.ts`): `{title, timeout?, selectorAttribute?, steps}`. Each step type is checked on
 * its own so a bad step is reported with the fields it has wrong.
 */

/** One way to find the element: a selector, or a list descending through shadow roots. */
export const Selector = z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]);
export type Selector = z.infer<typeof Selector>;

export const AssertedEvent = z.looseObject({
  type: z.literal('navigation'),
  url: z.string().optional(),
  title: z.string().optional(),
});

const base = {
  timeout: z.number().positive().optional(),
  assertedEvents: z.array(AssertedEvent).optional(),
  /** The page the step runs on: `main` (default) or the URL of another page. */
  target: z.string().optional(),
};
const withFrame = { ...base, frame: z.array(z.number().int().nonnegative()).optional() };
const withSelectors = { ...withFrame, selectors: z.array(Selector).min(1) };
// Required, as in @puppeteer/replay's parser: without them its click aims at NaN and times out.
const clickAttributes = {
  offsetX: z.number(),
  offsetY: z.number(),
  button: z.enum(['primary', 'auxiliary', 'secondary', 'back', 'forward']).optional(),
  deviceType: z.enum(['mouse', 'pen', 'touch']).optional(),
};

export const STEP_SCHEMAS = {
  setViewport: z.looseObject({
    type: z.literal('setViewport'),
    ...base,
    width: z.number().int().positive(),
    height: z.number().int().positive(),
    deviceScaleFactor: z.number().positive().optional(),
    isMobile: z.boolean().optional(),
    hasTouch: z.boolean().optional(),
    isLandscape: z.boolean().optional(),
  }),
  navigate: z.looseObject({ type: z.literal('navigate'), ...base, url: z.string().min(1) }),
  click: z.looseObject({ type: z.literal('click'), ...withSelectors, ...clickAttributes, duration: z.number().nonnegative().optional() }),
  doubleClick: z.looseObject({ type: z.literal('doubleClick'), ...withSelectors, ...clickAttributes }),
  hover: z.looseObject({ type: z.literal('hover'), ...withSelectors }),
  change: z.looseObject({ type: z.literal('change'), ...withSelectors, value: z.string() }),
  keyDown: z.looseObject({ type: z.literal('keyDown'), ...base, key: z.string().min(1) }),
  keyUp: z.looseObject({ type: z.literal('keyUp'), ...base, key: z.string().min(1) }),
  scroll: z.looseObject({
    type: z.literal('scroll'),
    ...withFrame,
    selectors: z.array(Selector).min(1).optional(),
    x: z.number().optional(),
    y: z.number().optional(),
  }),
  waitForElement: z.looseObject({
    type: z.literal('waitForElement'),
    ...withSelectors,
    operator: z.enum(['>=', '==', '<=']).optional(),
    count: z.number().int().nonnegative().optional(),
    visible: z.boolean().optional(),
    properties: z.record(z.string(), z.unknown()).optional(),
    attributes: z.record(z.string(), z.string()).optional(),
  }),
  waitForExpression: z.looseObject({ type: z.literal('waitForExpression'), ...withFrame, expression: z.string().min(1) }),
  close: z.looseObject({ type: z.literal('close'), ...base }),
  customStep: z.looseObject({ type: z.literal('customStep'), ...withFrame, name: z.string(), parameters: z.unknown().optional() }),
  emulateNetworkConditions: z.looseObject({
    type: z.literal('emulateNetworkConditions'),
    ...base,
    download: z.number(),
    upload: z.number(),
    latency: z.number(),
  }),
} as const;

export type StepType = keyof typeof STEP_SCHEMAS;
export const STEP_TYPES = Object.keys(STEP_SCHEMAS) as StepType[];
export type FlowStep = { [K in StepType]: z.infer<(typeof STEP_SCHEMAS)[K]> }[StepType];

export function isStepType(t: unknown): t is StepType {
  return typeof t === 'string' && Object.hasOwn(STEP_SCHEMAS, t);
}

export const UserFlow = z.looseObject({
  title: z.string(),
  timeout: z.number().positive().optional(),
  selectorAttribute: z.string().optional(),
  steps: z.array(z.unknown()),
});
