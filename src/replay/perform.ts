import { readFileSync } from 'node:fs';
import type { Frame, Locator, Page } from 'playwright';
import type { Action, Evidence, Target } from '../ir/index.js';
import type { Reason, StepEffect } from '../ir/results.js';
import * as assert from './assertions.js';
import { actsAtPoint, performAtPoint, toViewport, type PointAction } from './at-point.js';
import type { Probe, Resolution, Strategy } from './locate.js';
import type { PageRegistry } from './pages.js';
import type { PointCheck } from './point-check.js';
import { waitForElements } from './wait-elements.js';
import { typeText } from './typing-keys.js';
import { changeValue, FIELD_PROBE } from './devtools/change-value.js';
import { emulatesDevice, keepDeviceEmulation, setDeviceViewport } from './devtools/device-emulation.js';
import { scopeToFrame } from './devtools/frame-scope.js';
import { emulateNetwork, frameThrough, scrollTo } from './devtools/page-effects.js';
import { BOX_PROBE, setChecked } from './effects/checkbox.js';
import { defaultMark } from './effects/default-marks.js';
import { isEffectCheck, type EffectCheck } from './effects/effect.js';
import { fromCheck } from './effects/outcome.js';
import type { AnswerWait } from './effects/answer-wait.js';
import { hitProbe, hitTestBefore } from './effects/hit-test.js';
import { clickOn, clickProbe } from './perform-click.js';
import { afterGoto, afterHistory } from './effects/navigation.js';
import { cropCheckBefore } from './effects/point-crop.js';
import { scrollAndCheck } from './effects/scroll.js';
import { absentOptions, afterSelect, missingOptions, SELECT_PROBE, selectProbed, selectWhereProbed } from './effects/select.js';
import {
  afterClear,
  afterFill,
  afterTypingFocused,
  afterTypingInto,
  beforeTypingInto,
  focusedForTyping,
  typeChecked,
} from './effects/typed.js';
import { fillByTyping } from './type-over.js';
import { uploadPayload } from './sandbox/upload-file.js';
import { timed } from './profile.js';
import { keyChangeCheck } from './effects/key-change.js';
import { focusedFrame, frameOf, pressAnswered } from './effects/key-answer.js';
import { isLoneModifier } from './cannot-change-page.js';
import { liveShape, recordedChange } from './effects/recorded-change.js';

/** How the step's target was found, for the step's result. */
export interface TargetFound {
  strategy: Strategy;
  score: number;
  evidence?: string[];
  frame?: string;
  revealed?: boolean;
}

export type Outcome =
  | { status: 'passed'; found?: TargetFound; notes?: string[]; pointCheck?: PointCheck; effect?: StepEffect }
  | {
      status: 'failed';
      reason: Reason;
      message: string;
      found?: TargetFound;
      candidates?: { name: string; score: number }[];
      pointCheck?: PointCheck;
    };

export interface PerformEnv {
  pages: PageRegistry;
  /** The page the step names (undefined for `openPage`, which creates it). */
  page: Page | undefined;
  pageName: string;
  timeoutMs: number;
  mapUrl(url: string): string;
  /** Where `setInputFiles` looks for the recorded file names. */
  filesDir?: string;
  /**
   * Finds a target on the step's page (bound to the step's evidence and the run's options).
   * `exact`: the recorded locators only — what an assertion checks must be the recorded element.
   */
  resolve(target: Target, exact?: boolean, probe?: Probe): Promise<Resolution>;
  /** `--repair`: an action recorded at a point whose element moved acts on the element found again. */
  repair?: boolean;
  /** The step's recorded before-state: what a click at a bare point (BabyAGI) is checked against. */
  evidence?: Evidence;
  /** The next step's recorded before-state on the same page: what this step left (a word a double click highlighted). */
  evidenceAfter?: Evidence;
  /** How a plain click is judged by the page's answer to it (guarded-click.ts). */
  answerWait?: AnswerWait;
}

const BLANK_URLS = new Set(['about:blank', 'chrome://newtab/']);

/**
 * Runs one IR action with Playwright and checks its effect (src/replay/effects/): a passed
 * outcome always carries a mark — checked, unverified with why, or nothing to check. Playwright
 * errors propagate; the step runner classifies them.
 */
export async function perform(action: Action, env: PerformEnv): Promise<Outcome> {
  const outcome = await performAction(action, env);
  return outcome.status === 'passed' && !outcome.effect ? { ...outcome, effect: defaultMark(action) } : outcome;
}

async function performAction(action: Action, env: PerformEnv, inFrame = false): Promise<Outcome> {
  if (action.type === 'openPage') {
    const page = await env.pages.open(env.pageName);
    env.pages.current = page;
    if (!action.url || BLANK_URLS.has(action.url)) return { status: 'passed' };
    const url = env.mapUrl(action.url);
    return fromCheck(afterGoto(page, url, await page.goto(url, { timeout: env.timeoutMs }), undefined));
  }
  if (action.type === 'newTab') {
    env.pages.current = await env.pages.open(env.pageName);
    return { status: 'passed' };
  }
  if (action.type === 'switchPage') {
    const page = env.pages.openPages()[action.pageIndex];
    if (!page) return { status: 'failed', reason: 'page-not-found', message: `there is no tab ${action.pageIndex}` };
    await page.bringToFront();
    env.pages.current = page;
    return { status: 'passed' };
  }
  if (action.type === 'stop') return { status: 'passed', notes: action.answer !== undefined ? [`answer: ${action.answer}`] : [] };
  if (action.type === 'noop') {
    return action.unsupported ? { status: 'failed', reason: 'not-supported', message: action.unsupported } : { status: 'passed' };
  }

  const page = env.page;
  if (!page)
    return {
      status: 'failed',
      reason: 'page-not-found',
      message: `page "${env.pageName}" is not open (open: ${env.pages.names().join(', ') || 'none'})`,
    };
  const timeout = env.timeoutMs;
  await keepDeviceEmulation(page);
  // A page name that turned out to be a frame (DevTools `target`): the step runs in that frame.
  const frame = inFrame ? undefined : env.pages.frameFor(env.pageName);
  const scoped = frame ? await scopeToFrame(action, frame, env.mapUrl, timeout) : undefined;
  if (scoped) return 'done' in scoped ? scoped.done : performAction(scoped.action, env, true);
  // Recorded at a point (VWA): checked there, acted there (or on the element found again with --repair).
  if (actsAtPoint(action)) return performAtPoint(page, action as PointAction, env);

  /** Resolve the target, then act on it; a target that cannot be pinned down fails the step. */
  // `act` returns an assertion's failure (a string), the action's effect check, or nothing.
  const on = async (
    target: Target,
    act: (l: Locator, probed?: unknown) => Promise<string | EffectCheck | undefined | void>,
    probe?: Probe,
  ): Promise<Outcome> => {
    const asserting = action.type.startsWith('assert');
    const found = await env.resolve(target, asserting, probe);
    if (!found.ok && asserting)
      return { status: 'failed', reason: 'assertion-failed', message: `the element to check is not there: ${found.message}` };
    if (!found.ok) return { status: 'failed', reason: found.reason, message: found.message, candidates: found.candidates };
    const report = foundReport(found);
    const problem = await timed(`act.${action.type}`, () => act(found.locator, found.probed));
    if (typeof problem === 'string') return { status: 'failed', reason: 'assertion-failed', message: problem, found: report };
    if (isEffectCheck(problem)) return fromCheck(problem, report);
    return { status: 'passed', found: report };
  };

  switch (action.type) {
    case 'closePage':
      await page.close();
      // The page opened last becomes the current one (VWA's PAGE_CLOSE; a browser does the same).
      env.pages.current = env.pages.openPages().at(-1);
      return { status: 'passed' };
    case 'navigate': {
      const [url, before] = [env.mapUrl(action.url), page.url()];
      return fromCheck(afterGoto(page, url, await page.goto(url, { timeout }), before));
    }
    case 'goBack': {
      const before = page.url();
      return fromCheck(afterHistory(page, 'back', await page.goBack({ timeout }), before));
    }
    case 'goForward': {
      const before = page.url();
      return fromCheck(afterHistory(page, 'forward', await page.goForward({ timeout }), before));
    }
    case 'reload':
      await page.reload({ timeout });
      return { status: 'passed' };
    case 'setViewport':
      if (emulatesDevice(action)) return { status: 'passed', notes: await setDeviceViewport(page, action, timeout) };
      await page.setViewportSize({ width: action.width, height: action.height });
      return { status: 'passed' };
    case 'click':
      return on(action.target, (l, probed) => clickOn(l, probed, action, page, env), clickProbe(action));
    case 'hover':
      return on(
        action.target,
        async (l, probed) => {
          const { check: hit } = await hitTestBefore(l, action.position, timeout, probed);
          await l.hover({ position: action.position, timeout });
          return hit;
        },
        hitProbe(action.position),
      );
    case 'check':
      return on(action.target, (l, probed) => setChecked(l, true, timeout, probed), BOX_PROBE);
    case 'uncheck':
      return on(action.target, (l, probed) => setChecked(l, false, timeout, probed), BOX_PROBE);
    case 'fill':
      if (action.byFieldKind) {
        let note: string | undefined;
        const changed = await on(
          action.target,
          async (l, probed) => void (note = await changeValue(l, action.text, timeout, probed)),
          FIELD_PROBE,
        );
        return note && changed.status === 'passed' ? { ...changed, notes: [note] } : changed;
      }
      // Typed as the person typed it where the field takes typing (fillByTyping); else
      // Playwright's fill. A DevTools Recorder `change` on a <select> found by its aria name
      // decodes as a fill; on a select, setting the value means choosing that option.
      return on(
        action.target,
        async (l, probed) => {
          const typed = await fillByTyping(l, action.text, probed, timeout);
          if (typed) return typed;
          const refused = await l.fill(action.text, { timeout }).then(
            () => undefined,
            (e: unknown) => e,
          );
          if (refused === undefined) return timed('act.after-fill', () => afterFill(l, action.text));
          if ((await l.evaluate((el) => el.tagName).catch(() => '')) !== 'SELECT') throw refused;
          const missing = await missingOptions(l, [action.text], 'valueOrLabel');
          if (missing) return missing;
          await l.selectOption(action.text, { timeout });
          return afterSelect(l, [action.text], 'valueOrLabel');
        },
        FIELD_PROBE,
      );
    case 'clear':
      return on(action.target, async (l) => {
        await l.clear({ timeout });
        return afterClear(l);
      });
    case 'type': {
      if (!action.target) {
        // Into whatever has focus: nothing editable focused means the keys would go nowhere.
        const { focused, refused } = await focusedForTyping(page, action.text);
        if (refused) return fromCheck(refused);
        return fromCheck(
          await typeChecked(
            action.text,
            (t) => typeText(page, t),
            (t) => afterTypingFocused(page, t, focused),
          ),
        );
      }
      const text = action.text;
      return on(action.target, async (l) => {
        const before = await beforeTypingInto(l);
        return typeChecked(
          text,
          async (t) => {
            // As pressSequentially does: focused, then typed (the keys sent at once).
            await l.focus({ timeout });
            await typeText(l.page(), t);
          },
          (t) => afterTypingInto(l, t, before),
        );
      });
    }
    case 'press': {
      const chord = [...action.modifiers, action.key].join('+');
      // Where the recording shows what the key did, the page before it is read to tell whether it did it here.
      // Elsewhere, by the page's answer to the key (key-answer.ts).
      const recorded = recordedChange(env.evidence, env.evidenceAfter);
      const pressed = async (send: () => Promise<void>, frame: () => Promise<Frame | undefined>) => {
        const before = recorded && (await liveShape(page, recorded.attributes));
        if (before) {
          await send();
          return keyChangeCheck(page, recorded, before);
        }
        const wait = env.answerWait;
        const where = wait && (await frame());
        if (wait && where) return pressAnswered(page, where, send, wait);
        await send();
        return undefined;
      };
      if (!action.target) {
        const check = await pressed(
          () => page.keyboard.press(chord),
          () => focusedFrame(page),
        );
        return check ? fromCheck(check) : { status: 'passed' };
      }
      return on(action.target, (l) =>
        pressed(
          () => l.press(chord, { timeout }),
          () => frameOf(l, timeout),
        ),
      );
    }
    case 'keyDown': {
      // A key held down does what a press does at its keydown (an Enter submits): judged by the
      // page's answer too, but for a modifier held for what comes next (a Shift-click).
      const down = () => page.keyboard.down(action.key);
      if (isLoneModifier(action.key) || !env.answerWait) {
        await down();
        return { status: 'passed' };
      }
      return fromCheck(await pressAnswered(page, await focusedFrame(page), down, env.answerWait));
    }
    case 'keyUp':
      await page.keyboard.up(action.key);
      return { status: 'passed' };
    case 'select':
      // The select's options and place are read where its target is counted: the options need no
      // round trip of their own, and the selection is read back without resolving the locator again.
      return on(
        action.target,
        async (l, probed) => {
          const wanted =
            action.by === 'value'
              ? action.options.map((value) => ({ value }))
              : action.by === 'label'
                ? action.options.map((label) => ({ label }))
                : action.options;
          const seen = selectProbed(probed);
          const missing = seen
            ? absentOptions(seen.options, action.options, action.by)
            : await missingOptions(l, action.options, action.by);
          if (missing) return missing;
          if (!(await selectWhereProbed(l, seen?.field, action.options, action.by))) await l.selectOption(wanted, { timeout });
          return afterSelect(l, action.options, action.by, seen?.field);
        },
        SELECT_PROBE,
      );
    case 'setInputFiles':
      return setInputFiles(page, action.target, action.files, env);
    case 'clickPoint': {
      // No element named (BabyAGI): the recorded screenshot's crop of the chosen option must match live.
      const seen = await cropCheckBefore(page, env.evidence);
      if (seen && !seen.ok) return fromCheck(seen);
      const { x, y } = await toViewport(page, action.point);
      await page.mouse.click(x, y, { button: action.button, clickCount: action.clickCount });
      return seen ? fromCheck(seen) : { status: 'passed' };
    }
    case 'hoverPoint': {
      const { x, y } = await toViewport(page, action.point);
      await page.mouse.move(x, y);
      return { status: 'passed' };
    }
    case 'drag': {
      const from = await toViewport(page, action.from);
      const to = await toViewport(page, action.to);
      await page.mouse.move(from.x, from.y);
      await page.mouse.down();
      await page.mouse.move(to.x, to.y, { steps: 10 });
      await page.mouse.up();
      return { status: 'passed' };
    }
    case 'scroll': {
      const to = action.to;
      if (to)
        return action.target
          ? on(action.target, (l) => scrollTo(page, l, to, timeout))
          : scrollTo(page, undefined, to, timeout).then(() => ({ status: 'passed' }));
      const args = { dx: action.dx, dy: action.dy, unit: action.unit };
      if (action.target) return on(action.target, (l) => scrollAndCheck(l, args));
      return fromCheck(await scrollAndCheck(page, args));
    }
    case 'wait': {
      if (action.elements) {
        const failed = await waitForElements(page, action.elements, timeout);
        return failed ? { status: 'failed', reason: 'assertion-failed', message: failed } : { status: 'passed' };
      }
      if (action.ms !== undefined) await page.waitForTimeout(action.ms);
      if (action.until) await page.waitForLoadState(action.until, { timeout });
      if (action.selector) await page.locator(action.selector).first().waitFor({ timeout });
      if (action.expression) {
        const frame = await frameThrough(page, action.framePath, timeout);
        if (!frame)
          return { status: 'failed', reason: 'target-not-found', message: `the frame ${action.framePath!.join(' >> ')} is not there` };
        await frame.waitForFunction(action.expression, undefined, { timeout });
      }
      return { status: 'passed' };
    }
    case 'emulateNetwork':
      await emulateNetwork(page, action);
      return { status: 'passed' };
    case 'assertText':
      return on(action.target, (l) => assert.assertText(l, action.text, action.substring, timeout));
    case 'assertValue':
      return on(action.target, (l) => assert.assertValue(l, action.value, timeout));
    case 'assertChecked':
      return on(action.target, (l) => assert.assertChecked(l, action.checked, timeout));
    case 'assertVisible':
      return on(action.target, (l) => assert.assertVisible(l, timeout));
    case 'assertSnapshot':
      return on(action.target, (l) => assert.assertAriaSnapshot(l, action.snapshot, timeout));
  }
}

/**
 * Recordings keep only file names. A file of that name under `--files-dir` is used; otherwise
 * an empty file with the recorded name is sent and the step says so, so the flow can go on
 * without pretending the content was replayed.
 */
async function setInputFiles(page: Page, target: Target | undefined, names: string[], env: PerformEnv): Promise<Outcome> {
  const upload = uploadPayload(names, env.filesDir, (path) => readFileSync(path));
  if ('refused' in upload) return { status: 'failed', reason: 'invalid-input', message: upload.refused };
  const { files: payload, notes } = upload;
  if (!target) return { status: 'failed', reason: 'not-supported', message: 'setInputFiles without a target element' };
  const found = await env.resolve(target);
  if (!found.ok) return { status: 'failed', reason: found.reason, message: found.message, candidates: found.candidates };
  await found.locator.setInputFiles(payload, { timeout: env.timeoutMs });
  return { status: 'passed', found: foundReport(found), notes };
}

function foundReport(r: Extract<Resolution, { ok: true }>): TargetFound {
  return { strategy: r.strategy, score: r.score, evidence: r.evidence, frame: r.frame, revealed: r.revealed };
}
