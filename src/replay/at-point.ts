import type { Locator, Page } from 'playwright';
import type { Action, Point, Target } from '../ir/index.js';
import { checked, unverified, type EffectCheck } from './effects/effect.js';
import { fromCheck } from './effects/outcome.js';
import { afterClearingFocused, afterTypingFocused, typeChecked } from './effects/typed.js';
import type { Outcome, PerformEnv } from './perform.js';
import { boxCentre, checkPoint, nearestNamed, recordedBox, type PointCheck } from './point-check.js';
import { pollUntil } from './poll.js';
import { watchNavigation } from './navigation-watch.js';
import { typeText } from './typing-keys.js';

/**
 * Actions the recording made at a point (VWA): element_id actions act at the centre of the
 * recorded box, MOUSE_CLICK/MOUSE_HOVER at their coordinates. Before acting, the element at
 * that point is checked against the recorded node (role and name). A mismatch fails the step
 * `no-effect` (acting there would act on something else), unless `--repair`: then the action
 * happens on the element of the recorded role and name nearest the point, and the step says so.
 */
export type PointAction = Extract<Action, { type: 'click' | 'hover' | 'clear' | 'type' | 'clickPoint' | 'hoverPoint' }>;

export function actsAtPoint(action: Action): boolean {
  switch (action.type) {
    case 'click':
    case 'hover':
    case 'clear':
      return action.target.atPoint === true && recordedBox(action.target) !== undefined;
    case 'type':
      return action.target?.atPoint === true && recordedBox(action.target) !== undefined;
    case 'clickPoint':
    case 'hoverPoint':
      return action.expected !== undefined;
    default:
      return false;
  }
}

/** How long a mismatch is re-checked: the previous step's navigation or render may still be landing. */
const SETTLE_MS = 1000;
/** How long a click at a point is given to start a navigation (VWA itself paused 2.5 s after every action). */
const NAVIGATION_GRACE_MS = 250;

export async function performAtPoint(page: Page, action: PointAction, env: PerformEnv): Promise<Outcome> {
  const { x, y, target } = await where(page, action);
  let check = await checkPoint(page, target, x, y);
  if (check && !check.match) {
    check =
      (await pollUntil(
        async () => {
          const c = await checkPoint(page, target, x, y);
          return c?.match ? c : undefined;
        },
        Math.min(SETTLE_MS, env.timeoutMs),
      )) ?? check;
  }
  const at = `(${Math.round(x)}, ${Math.round(y)})`;

  if (check && !check.match && env.repair) {
    const found = (await nearestNamed(page, target, x, y)) ?? (await byResolution(target, env));
    const pointCheck: PointCheck = { ...check, repaired: found !== undefined };
    if (!found)
      return {
        status: 'failed',
        reason: 'target-not-found',
        message: `at the recorded point ${at} is ${check.found}, not ${check.expected}, and --repair finds no ${check.expected}`,
        pointCheck,
      };
    await onElement(page, action, found, env.timeoutMs);
    const effect = (await typedEffect(page, action)) ?? checked(`--repair acted on the ${check.expected} nearest ${at}`);
    return {
      ...fromCheck(effect, undefined, [
        `drift: at the recorded point ${at} is ${check.found}, not ${check.expected}; --repair acted on the ${check.expected} nearest that point`,
      ]),
      pointCheck,
    };
  }
  if (check && !check.match) {
    return {
      status: 'failed',
      reason: 'no-effect',
      message: `expected ${check.expected} at the recorded point ${at}; ${check.found} is there, so the ${action.type.replace('Point', '')} would land on it (--repair acts on the ${check.expected} found again)`,
      pointCheck: check,
    };
  }

  // A page that is still loading has the element but maybe not its handlers yet.
  await page.waitForLoadState('load', { timeout: env.timeoutMs }).catch(() => undefined);
  // A click at a point does not wait for the navigation it starts (a locator click does): wait
  // for one that starts, until it loads, so the next step acts on the new page.
  const navigation =
    action.type === 'hover' || action.type === 'hoverPoint' ? undefined : watchNavigation(page, NAVIGATION_GRACE_MS, env.timeoutMs);
  let typed: Awaited<ReturnType<typeof typedEffect>>;
  try {
    await onPoint(page, action, x, y);
    typed = await typedEffect(page, action);
  } catch (error) {
    navigation?.stop(); // its listeners are on the context, which outlives this step
    throw error;
  }
  await navigation?.started();
  const effect =
    typed ??
    (check
      ? checked(`at ${at} is ${check.found}, the recorded ${check.expected}`)
      : unverified('the recorded element has no role or name to check at the point'));
  const outcome = fromCheck(effect);
  return check ? { ...outcome, pointCheck: check } : outcome;
}

/** TYPE at a point types into what the click focused, and the field must hold the text; CLEAR leaves it empty. */
async function typedEffect(page: Page, action: PointAction): Promise<EffectCheck | undefined> {
  if (action.type === 'type')
    return typeChecked(
      action.text,
      (t) => typeText(page, t),
      (t) => afterTypingFocused(page, t, undefined),
    );
  if (action.type === 'clear') return afterClearingFocused(page);
  return undefined;
}

async function where(page: Page, action: PointAction): Promise<{ x: number; y: number; target: Target }> {
  if (action.type === 'clickPoint' || action.type === 'hoverPoint') {
    const p = await toViewport(page, action.point);
    return { ...p, target: action.expected! };
  }
  const target = action.target!;
  const rec = recordedBox(target)!;
  return { ...boxCentre(rec.box, rec.viewport, page.viewportSize()), target };
}

/** The similarity resolution when the recorded name matches nothing (its box and words still count). */
async function byResolution(target: Target, env: PerformEnv): Promise<Locator | undefined> {
  const r = await env.resolve(target);
  return r.ok ? r.locator : undefined;
}

/** What VWA did: the mouse at the point; TYPE clicks then types, CLEAR clicks, selects all and deletes. */
async function onPoint(page: Page, action: PointAction, x: number, y: number): Promise<void> {
  switch (action.type) {
    case 'click':
    case 'clickPoint':
      if (action.clickCount === 2) await page.mouse.dblclick(x, y, { button: mainButton(action.button) });
      else await page.mouse.click(x, y, { button: mainButton(action.button), clickCount: Math.max(1, action.clickCount) });
      return;
    case 'hover':
    case 'hoverPoint':
      await page.mouse.move(x, y);
      return;
    case 'type':
      await page.mouse.click(x, y); // the text is typed by typedEffect, which checks it lands
      return;
    case 'clear':
      await page.mouse.click(x, y);
      await page.keyboard.press('ControlOrMeta+a');
      await page.keyboard.press('Backspace');
      return;
  }
}

async function onElement(page: Page, action: PointAction, l: Locator, timeout: number): Promise<void> {
  switch (action.type) {
    case 'click':
    case 'clickPoint':
      await l.click({ button: mainButton(action.button), clickCount: Math.max(1, action.clickCount), timeout });
      return;
    case 'hover':
    case 'hoverPoint':
      await l.hover({ timeout });
      return;
    case 'type':
      await l.click({ timeout }); // the text is typed by typedEffect, which checks it lands
      return;
    case 'clear':
      await l.clear({ timeout });
      return;
  }
}

export async function toViewport(page: Page, point: Point): Promise<{ x: number; y: number }> {
  const vp = page.viewportSize() ?? (await page.evaluate(() => ({ width: innerWidth, height: innerHeight })));
  if (point.units === 'fraction') return { x: point.x * vp.width, y: point.y * vp.height };
  if (point.viewport) return { x: (point.x * vp.width) / point.viewport.width, y: (point.y * vp.height) / point.viewport.height };
  return { x: point.x, y: point.y };
}

/** Clicks at a point come from VWA, which records no side buttons (those only come from DevTools flows). */
function mainButton(b: 'left' | 'middle' | 'right' | 'back' | 'forward'): 'left' | 'middle' | 'right' {
  return b === 'back' || b === 'forward' ? 'left' : b;
}
