import type { Locator } from 'playwright';
import type { Probe } from '../locate.js';
import { checked, unverified, type EffectCheck } from './effect.js';
import { pageFunction } from '../page-function.js';
import { watchAnswerInPage, type AnswerWatch } from './answer-watch.js';

export interface Hit {
  /** The target has no box to click (hidden, display: contents): Playwright's own wait decides. */
  skip?: boolean;
  /** The target is not (wholly) in the window: scroll it in as Playwright's click would, then test. */
  outOfView?: boolean;
  x: number;
  y: number;
  onTarget: boolean;
  /** What `elementFromPoint` gives there, e.g. `div.overlay "Loading…"`. */
  hit: string;
  /** Armed (`arm`): the click guard's token, the exact point and the document it guards (guarded-click.ts). */
  guard?: { token: string; x: number; y: number; timeOrigin: number };
  /**
   * Armed to watch only (a click Playwright sends: the target covered, out of view or not yet
   * usable when tested): the token whose answer watch guarded-click.ts reads after the click.
   */
  watch?: { token: string; timeOrigin: number };
}

interface HitArg {
  position: { x: number; y: number } | null;
  scrolled: boolean;
  /**
   * `true`: arm the click guard when the point hits the target in the top document, enabled and
   * visible, else only watch for the page's answer; `'watch'`: only watch (Playwright clicks).
   */
  arm?: boolean | 'watch';
  /** `position` is from the border box's corner (a DevTools offset), not the padding box's (Playwright's). */
  border?: boolean;
}

/**
 * Runs inside the page (the target's frame), self-contained: hit-tests the point the click will
 * use (the box centre, or `position` from its top-left; clipped to the visible part of a box
 * larger than the window). A target out of view is reported so, untested.
 *
 * With `arm`, a target that is hit, enabled and visible in the top document also gets a guard:
 * window capture listeners that check the target of the next click's first pointer event, as
 * Playwright's own hit-target interceptor does, and block the click's events if it lands on
 * anything else (the page moved, a cover came); they also note a navigation the click starts,
 * and start `watchAnswer` (answer-watch.ts) at its first event. Any other target in the top
 * document (covered, not usable; or `arm: 'watch'`) is only watched: nothing blocked, the watch
 * started by the first event that reaches it. guarded-click.ts reads the verdict. One guard per
 * window: arming again replaces it.
 */
function hitTestInPage(el: Element, { position, scrolled, arm, border }: HitArg, watchAnswer: typeof watchAnswerInPage): Hit {
  const r = el.getBoundingClientRect();
  if (r.width === 0 || r.height === 0) return { skip: true, x: 0, y: 0, onTarget: false, hit: '' };
  const inView = r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight && r.right <= innerWidth;
  if (!inView && !scrolled) return { outOfView: true, x: 0, y: 0, onTarget: false, hit: '' };
  let x: number;
  let y: number;
  if (position) {
    x = r.left + (border ? 0 : el.clientLeft) + position.x;
    y = r.top + (border ? 0 : el.clientTop) + position.y;
  } else {
    const left = Math.max(r.left, 0);
    const top = Math.max(r.top, 0);
    const right = Math.min(r.right, innerWidth);
    const bottom = Math.min(r.bottom, innerHeight);
    x = right > left ? (left + right) / 2 : r.left + r.width / 2;
    y = bottom > top ? (top + bottom) / 2 : r.top + r.height / 2;
  }
  let at: Element | null = el.ownerDocument.elementFromPoint(x, y);
  while (at?.shadowRoot) {
    const inner = at.shadowRoot.elementFromPoint(x, y);
    if (!inner || inner === at) break;
    at = inner;
  }
  const rounded = { x: Math.round(x), y: Math.round(y) };
  if (!at) return { ...rounded, onTarget: false, hit: 'nothing (outside the page)' };
  // The target itself, inside it (through shadow roots), or a label and its control either way.
  const reaches = (n: Element) => {
    for (let p: Node | null = n; p; p = p.parentNode ?? (p as ShadowRoot).host ?? null) if (p === el) return true;
    return (
      (n.tagName === 'LABEL' && (n as HTMLLabelElement).control === el) ||
      (el.tagName === 'LABEL' && (el as HTMLLabelElement).control === n)
    );
  };
  const describe = (n: Element) => {
    const id = n.id ? `#${n.id}` : n.classList.length ? `.${n.classList[0]}` : '';
    const text = ((n as HTMLElement).innerText ?? n.textContent ?? '').replace(/\s+/g, ' ').trim();
    return `${n.tagName.toLowerCase()}${id}${text ? ` "${text.length > 40 ? `${text.slice(0, 40)}…` : text}"` : ''}`;
  };
  const result: Hit = { ...rounded, onTarget: reaches(at), hit: describe(at) };
  if (!arm || window !== window.top) return result;
  const nav = (window as unknown as { navigation?: EventTarget }).navigation;
  if (!nav) return result;
  const usable = !el.matches(':disabled') && !el.closest('[aria-disabled="true"]') && getComputedStyle(el).visibility === 'visible';
  // Guarding: the click will be sent at this point by guarded-click.ts, its events checked here.
  // Else Playwright sends it, with its own waits and hit-target check; only its answer is watched.
  const guarding = arm === true && result.onTarget && usable;

  interface Guard {
    token: string;
    seen: string[];
    blocked?: string;
    /** The navigation the click started, if it did (read when the verdict is). */
    navigate?: Event & { destination: { sameDocument: boolean }; downloadRequest: string | null };
    /** A form the click submitted: Chrome starts that navigation a task later, after the verdict may be read. */
    submit?: SubmitEvent;
    /** The watch for the page's answer, from the click's first event to reach the target (answer-watch.ts); it outlives the guard. */
    watch?: AnswerWatch;
    release(): void;
  }
  const slot = Symbol.for('replaywright.clickGuard');
  const store = window as unknown as Record<symbol, Guard | undefined>;
  store[slot]?.release();
  const types = ['pointerdown', 'mousedown', 'pointerup', 'mouseup', 'auxclick', 'contextmenu', 'click'];
  const guard: Guard = { token: Math.random().toString(36).slice(2), seen: [], release };
  const onEvent = (e: Event) => {
    if (!e.isTrusted) return;
    const t = e.composedPath()[0];
    guard.seen.push(e.type);
    // The click's first event decides, as Playwright's hit-target check does: once it has reached
    // the target, what the page did about it may move the rest of the click elsewhere (a picker's
    // day taken on mousedown closes its calendar), and that click was sent all the same.
    const reached = t instanceof Element && reaches(t);
    if (guarding && guard.seen.length === 1 && !reached) guard.blocked = describe(t instanceof Element ? t : document.body);
    // Watching only, the first event to reach the target starts the watch: one Playwright's own
    // hit-target check stopped, on a cover still going, was not the click.
    if (!guard.watch && (guarding ? guard.seen.length === 1 && guard.blocked === undefined : reached))
      guard.watch = watchAnswer(guard.token, e.composedPath());
    if (guard.blocked !== undefined) {
      e.preventDefault();
      e.stopImmediatePropagation();
    }
    // A label's click then clicks its control, which the guard must not judge: its work is done.
    if ((e.type === 'click' || e.type === 'auxclick' || e.type === 'contextmenu') && (guarding || reached)) disarm();
  };
  const onNavigate = (e: Event) => {
    guard.navigate ??= e as Guard['navigate'];
  };
  const onSubmit = (e: Event) => {
    if (e.isTrusted) guard.submit ??= e as SubmitEvent;
  };
  // Never left armed: a guard nobody clicked through would block the events of a later step.
  const expiry = setTimeout(release, 10_000);
  // Done judging, but a navigation the click starts is still noted until the verdict is read.
  function disarm() {
    for (const type of types) window.removeEventListener(type, onEvent, true);
  }
  function release() {
    clearTimeout(expiry);
    disarm();
    nav!.removeEventListener('navigate', onNavigate);
    window.removeEventListener('submit', onSubmit, true);
    if (store[slot] === guard) store[slot] = undefined;
  }
  for (const type of types) window.addEventListener(type, onEvent, true);
  nav.addEventListener('navigate', onNavigate);
  window.addEventListener('submit', onSubmit, true);
  store[slot] = guard;
  const armed = { token: guard.token, timeOrigin: performance.timeOrigin };
  return guarding ? { ...result, guard: { ...armed, x, y } } : { ...result, watch: armed };
}

/** hitTestInPage with the answer watch (answer-watch.ts) it starts inlined: one self-contained page function. */
const hitTestRun = pageFunction<(el: Element, arg: HitArg) => Hit>(
  `(el, arg) => (${hitTestInPage.toString()})(el, arg, ${watchAnswerInPage.toString()})`,
);

/**
 * click / dblclick / hover on a target: the point the pointer goes to must hit the target or
 * something inside it — not a covering element (a modal, a cookie banner, a sticky header). The
 * hit-test is made before acting, because acting changes what is at the point. When a cover is
 * there, Playwright's own hit-target check (which runs right before its click) waits for it to go
 * and, if it stays, fails the step `timeout` naming the cover (action-blocker.ts); this check then
 * only says what it saw. It never fails the step itself.
 */
export async function hitTestBefore(
  l: Locator,
  position: { x: number; y: number } | undefined,
  timeout: number,
  /** The same test, already run by the resolver in its counting round trip (`hitProbe`). */
  probed?: unknown,
  /** A plain click: also watch for the page's answer to it (read by guarded-click.ts `answerToWatchedClick`). */
  watch = false,
): Promise<{ check: EffectCheck; watch?: Hit['watch'] }> {
  const arg = (scrolled: boolean): HitArg => ({ position: position ?? null, scrolled, arm: watch ? 'watch' : undefined });
  const probe = (scrolled: boolean) => l.evaluate(hitTestRun, arg(scrolled), { timeout }).catch(() => undefined);
  let hit = isHit(probed) ? probed : await probe(false);
  if (hit?.outOfView) {
    // The same scrolling Playwright's click does first, so the page ends where it always did.
    await l.scrollIntoViewIfNeeded({ timeout }).catch(() => undefined);
    hit = await probe(true);
  }
  if (!hit || hit.skip) return { check: unverified("the target had no box to hit-test before acting (Playwright's own checks applied)") };
  const watching = watch ? hit.watch : undefined;
  if (!hit.onTarget)
    return {
      check: checked(
        `the point (${hit.x}, ${hit.y}) was covered by ${hit.hit}; Playwright acted once its hit-target check found the target there`,
      ),
      watch: watching,
    };
  return { check: checked(`the point (${hit.x}, ${hit.y}) hits the target (${hit.hit})`), watch: watching };
}

/**
 * The hit-test as the resolver's probe: run where the target is counted, a round trip saved per
 * click. `arm`: a click guarded-click.ts may send itself (the guard is armed in the same trip);
 * one it may not is watched for the page's answer instead.
 */
export function hitProbe(position: { x: number; y: number } | undefined, arm = false, border = false): Probe {
  return { run: hitTestRun, arg: { position: position ?? null, scrolled: false, arm, border } satisfies HitArg };
}

function isHit(value: unknown): value is Hit {
  return typeof value === 'object' && value !== null && 'onTarget' in value;
}
