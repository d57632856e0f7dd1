import type { z } from 'zod';
import type { Action } from '../../ir/action.js';
import { Episode, type SourceRef, type Step } from '../../ir/episode.js';
import type { Evidence } from '../../ir/evidence.js';
import type { Expectation } from '../../ir/expectation.js';
import type { Target, Viewport } from '../../ir/target.js';
import type { FieldIssue } from '../field-issue.js';
import { zodIssues } from '../field-issue.js';
import type { RejectedEpisode } from '../format.js';
import { isPlainObject } from '../json-line.js';
import type { Problem } from '../../ir/problem.js';
import { isStepType, STEP_SCHEMAS, STEP_TYPES, UserFlow, type FlowStep, type Selector } from './schema.js';
import { alternativeStrings, targetFromSelectors } from './selectors.js';

export interface FlowResult {
  episode?: Episode;
  rejected?: RejectedEpisode;
  problems: Problem[];
  recordsRead: number;
}

const BUTTONS = { primary: 'left', auxiliary: 'middle', secondary: 'right', back: 'back', forward: 'forward' } as const;

/** Fields each step type has that the IR action carries; the rest goes to the episode's meta. */
const USED = new Set([
  'type',
  'timeout',
  'selectors',
  'target',
  'frame',
  'assertedEvents',
  'offsetX',
  'offsetY',
  'button',
  'url',
  'value',
  'key',
  'x',
  'y',
  'width',
  'height',
  'deviceScaleFactor',
  'isMobile',
  'hasTouch',
  'isLandscape',
  'expression',
  'operator',
  'count',
  'attributes',
  'properties',
  'visible',
]);

/**
 * One DevTools Recorder flow as one episode (`id` = its title, else the file name). Steps run
 * on the page their `target` names: `main` is `page`; other targets (pages a step opened) get
 * `page1`, `page2`… in order of appearance, and the step just before a page's first step is
 * taken to have opened it (a popup expectation), since the flow does not say which did.
 */
export function decodeFlow(value: unknown, file: string, fallbackId: string): FlowResult {
  const problems: Problem[] = [];
  const flow = UserFlow.safeParse(value);
  const title = isPlainObject(value) && typeof value.title === 'string' && value.title.trim() ? value.title.trim() : undefined;
  const id = title ?? fallbackId;
  const source: SourceRef = { file };
  const pin = (record: string | undefined, issue: FieldIssue) => {
    const p: Problem = { file, episode: id, message: issue.message, severity: issue.severity };
    if (record !== undefined) p.record = record;
    if (issue.field !== undefined) p.field = issue.field;
    problems.push(p);
  };
  const reject = (recordsRead: number): FlowResult => ({
    rejected: { id, format: 'devtools-recorder', source, problems },
    problems,
    recordsRead,
  });
  if (!flow.success) {
    zodIssues(flow.error).forEach((i) => pin(undefined, i));
    return reject(1);
  }

  const pages = new Map<string, string>([['main', 'page']]);
  let viewport: Viewport | undefined;
  const steps: Omit<Step, 'index'>[] = [];
  const stepMeta: Record<string, unknown>[] = [];

  flow.data.steps.forEach((rawStep, i) => {
    const record = `steps[${i}]`;
    const issue = (i2: FieldIssue) => pin(record, i2);
    const type = isPlainObject(rawStep) ? rawStep.type : undefined;
    if (!isPlainObject(rawStep)) return issue({ message: 'expected an object (a step)', severity: 'error' });
    if (!isStepType(type)) {
      return issue({
        field: 'type',
        message:
          type === undefined
            ? `missing (expected one of ${STEP_TYPES.join(', ')})`
            : `unknown step type ${JSON.stringify(type)} (known: ${STEP_TYPES.join(', ')})`,
        severity: 'error',
      });
    }
    const parsed = (STEP_SCHEMAS[type] as z.ZodType<FlowStep>).safeParse(rawStep);
    if (!parsed.success) return zodIssues(parsed.error).forEach(issue);
    const step = parsed.data;

    // Which page: `main`, or the URL of a page some earlier step opened.
    const target = step.target ?? 'main';
    let page = pages.get(target);
    const firstOnPage = page === undefined;
    if (page === undefined) {
      page = `page${pages.size}`;
      pages.set(target, page);
      const opener = steps[steps.length - 1];
      if (opener) {
        // Or, as @puppeteer/replay allows, the URL is a cross-site frame's of the main page.
        opener.expect = [...(opener.expect ?? []), { kind: 'popup', page, url: target, frameOf: 'page' }];
      }
    }

    const decoded = decodeStep(step, issue, target !== 'main');
    if (!decoded) return;
    const expect: Expectation[] = [];
    const titles: string[] = [];
    const eventFrame = framePath(frameOf(step));
    for (const e of step.assertedEvents ?? []) {
      if (e.url) expect.push({ kind: 'navigation', url: e.url, ...(eventFrame ? { framePath: eventFrame } : {}) });
      if (e.title !== undefined) titles.push(e.title);
    }

    const before: Evidence = {};
    if (viewport) before.viewport = viewport;
    if (step.type === 'setViewport') viewport = { width: step.width, height: step.height };
    const out: Omit<Step, 'index'> = { recordedStep: i, page, action: decoded.action, expect, source: { file, record } };
    if (Object.keys(before).length) out.before = before;
    const recordedTimeout = step.timeout ?? flow.data.timeout;
    if (recordedTimeout !== undefined) out.timeoutMs = recordedTimeout;
    const notes = [decoded.note, firstOnPage && target !== 'main' ? `runs on ${target}` : undefined].filter(Boolean);
    if (notes.length) out.note = notes.join('; ');
    steps.push(out);

    const extras: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(step)) if (!USED.has(k)) extras[k] = v;
    if (step.target !== undefined && step.target !== 'main') extras.target = step.target;
    const stepFrame = frameOf(step);
    if (stepFrame?.length) extras.frame = stepFrame;
    if (titles.length) extras.navigationTitles = titles;
    stepMeta.push(extras);
  });

  // A flow with no steps was still read (exit 1, not 2) and is an episode of the run that cannot
  // pass: rejected, so results.jsonl, JUnit and the report list it instead of leaving it out.
  const recordsRead = Math.max(1, flow.data.steps.length);
  if (problems.some((p) => p.severity === 'error')) return reject(recordsRead);
  if (!steps.length) {
    pin(undefined, { field: 'steps', message: `the flow ${JSON.stringify(id)} has no steps: nothing to replay`, severity: 'error' });
    return reject(recordsRead);
  }
  const meta: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(flow.data)) if (k !== 'steps') meta[k] = v;
  meta.steps = stepMeta;
  const candidate = { id, format: 'devtools-recorder', steps: steps.map((s, index) => ({ index, ...s })), meta, source };
  const episode = Episode.safeParse(candidate);
  if (!episode.success) {
    zodIssues(episode.error).forEach((i) => pin(undefined, { ...i, message: `episode does not fit the IR: ${i.message}` }));
    return reject(recordsRead);
  }
  return { episode: episode.data, problems, recordsRead };
}

/** `byUrl`: the step names its page by URL, which may turn out to be a frame's (see the popup expectation). */
function decodeStep(step: FlowStep, issue: (i: FieldIssue) => void, byUrl: boolean): { action: Action; note?: string } | undefined {
  const frame = frameOf(step);
  const target = (): Target | undefined => {
    const selectors = (step as { selectors?: Selector[] }).selectors;
    if (!selectors) return undefined;
    const t = targetFromSelectors(selectors, frame, 'selectors', byUrl);
    t.issues.forEach(issue);
    return t.target;
  };
  switch (step.type) {
    case 'setViewport':
      // All of it is replayed, device emulation included, as Puppeteer's page.setViewport does.
      return {
        action: {
          type: 'setViewport',
          width: step.width,
          height: step.height,
          ...(step.deviceScaleFactor !== undefined ? { deviceScaleFactor: step.deviceScaleFactor } : {}),
          ...(step.isMobile !== undefined ? { isMobile: step.isMobile } : {}),
          ...(step.hasTouch !== undefined ? { hasTouch: step.hasTouch } : {}),
          ...(step.isLandscape !== undefined ? { isLandscape: step.isLandscape } : {}),
        },
      };
    case 'navigate':
      return { action: { type: 'navigate', url: step.url } };
    case 'click':
    case 'doubleClick': {
      const t = target();
      if (!t) return undefined;
      const button = step.button ?? 'primary';
      // @puppeteer/replay clicks with the mouse whatever the deviceType; so do we, and say so.
      const note =
        step.deviceType && step.deviceType !== 'mouse'
          ? `recorded with a ${step.deviceType}; clicked with the mouse, as @puppeteer/replay does`
          : undefined;
      const action: Action = {
        type: 'click',
        target: t,
        button: BUTTONS[button],
        modifiers: [],
        clickCount: step.type === 'doubleClick' ? 2 : 1,
      };
      // The recording says where inside the element it clicked (always, as the schema requires): there, without a hit-test.
      Object.assign(action, { position: { x: step.offsetX, y: step.offsetY }, atRecordedPoint: true });
      const duration = step.type === 'click' ? step.duration : undefined;
      if (duration) action.holdMs = duration;
      return note ? { action, note } : { action };
    }
    case 'hover': {
      const t = target();
      return t && { action: { type: 'hover', target: t } };
    }
    case 'change': {
      const t = target();
      // By the kind of field it lands on, as @puppeteer/replay's fill: select, toggle, type, set.
      return t && { action: { type: 'fill', target: t, text: step.value, byFieldKind: true } };
    }
    case 'keyDown':
      return { action: { type: 'keyDown', key: step.key } };
    case 'keyUp':
      return { action: { type: 'keyUp', key: step.key } };
    case 'scroll': {
      // DevTools records where the page (or element) ended up; @puppeteer/replay scrolls there
      // (`window.scroll(x, y)`, or the element's scrollLeft/scrollTop).
      const t = step.selectors ? target() : undefined;
      if (step.selectors && !t) return undefined;
      const action: Action = { type: 'scroll', dx: 0, dy: 0, unit: 'px', to: { x: step.x ?? 0, y: step.y ?? 0 } };
      if (t) action.target = t;
      return { action };
    }
    case 'waitForElement': {
      // Checked as @puppeteer/replay does (operator `>=` and count 1 by default; `visible: false`
      // waits for the condition to stop holding), not as a Playwright assertion on one element:
      // a wait for "the rows are there" passes with three rows.
      const alternatives = alternativeStrings(step.selectors, frame, 'selectors');
      alternatives.issues.forEach(issue);
      if (alternatives.issues.some((i) => i.severity === 'error')) return undefined;
      const elements: Extract<Action, { type: 'wait' }>['elements'] = {
        selectors: alternatives.selectors,
        operator: step.operator ?? '>=',
        count: step.count ?? 1,
      };
      if (step.attributes) elements.attributes = step.attributes;
      if (step.properties) elements.properties = step.properties;
      if (step.visible !== undefined) elements.visible = step.visible;
      if (alternatives.aria.length) elements.aria = alternatives.aria;
      if (alternatives.textContains.length) elements.textContains = alternatives.textContains;
      return { action: { type: 'wait', elements } };
    }
    case 'waitForExpression': {
      const path = framePath(frame);
      return { action: { type: 'wait', expression: step.expression, ...(path ? { framePath: path } : {}) } };
    }
    case 'close':
      return { action: { type: 'closePage' } };
    case 'customStep':
      // @puppeteer/replay skips it silently; we run the rest and report it not-supported.
      issue({
        field: 'type',
        message: `customStep ${JSON.stringify(step.name)} runs extension code that cannot be replayed; it is reported not-supported and the other steps run`,
        severity: 'warning',
      });
      return {
        action: {
          type: 'noop',
          note: `customStep ${step.name}`,
          unsupported: `customStep ${JSON.stringify(step.name)} runs Recorder-extension code this replayer does not have (@puppeteer/replay skips it too)`,
        },
      };
    case 'emulateNetworkConditions':
      return { action: { type: 'emulateNetwork', download: step.download, upload: step.upload, latency: step.latency } };
  }
}

function frameOf(step: FlowStep): number[] | undefined {
  return (step as { frame?: number[] }).frame;
}

/** A DevTools `frame` (child-frame indexes) as iframe selector hops, main frame down. */
function framePath(frame: number[] | undefined): string[] | undefined {
  return frame?.length ? frame.map((i) => `:is(iframe, frame) >> nth=${i}`) : undefined;
}
