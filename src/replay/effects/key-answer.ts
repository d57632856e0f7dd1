import type { Frame, Locator, Page } from 'playwright';
import { checked, unverified, type EffectCheck } from './effect.js';
import { answerOnceSettled, outsideNow, type AnswerWait } from './answer-wait.js';
import { watchAnswerInPage, type AnswerWatch } from './answer-watch.js';
import { pageFunction } from '../page-function.js';

/** What the key watch keeps on the window it was armed in, until the key's first keydown. */
interface KeyWatch {
  token: string;
  /** The focused element the keydown went to, `tag#id`; unset until a keydown comes. */
  to?: string;
  release(): void;
}

/**
 * Runs inside the page (the frame the key goes to), self-contained: waits for the next keydown
 * and, at it, starts the answer watch (answer-watch.ts) — after whatever focusing Playwright
 * does before pressing, which is not the key's answer. Only the shadow roots on the key's path
 * are passed: for a key, focus moving anywhere (Tab, an arrow moving a list's focus within it)
 * is an answer, where for a click focus on what was clicked is the browser's own.
 */
function armKeyWatchInPage(token: string, watchAnswer: typeof watchAnswerInPage): void {
  const slot = Symbol.for('replaywright.keyWatch');
  const store = window as unknown as Record<symbol, KeyWatch | undefined>;
  store[slot]?.release();
  const onKey = (e: Event) => {
    const to = e.composedPath()[0];
    watch.to = to instanceof Element ? `${to.tagName.toLowerCase()}${to.id ? `#${to.id}` : ''}` : 'the page';
    watchAnswer(
      token,
      e.composedPath().filter((n) => n instanceof ShadowRoot),
    );
    window.removeEventListener('keydown', onKey, true);
  };
  const watch: KeyWatch = {
    token,
    release: () => {
      window.removeEventListener('keydown', onKey, true);
      if (store[slot] === watch) store[slot] = undefined;
    },
  };
  window.addEventListener('keydown', onKey, true);
  store[slot] = watch;
}

const armKeyWatch = pageFunction<(token: string) => void>(
  `(token) => (${armKeyWatchInPage.toString()})(token, ${watchAnswerInPage.toString()})`,
);

/** In the page: where the armed key went (unset: no keydown came) and the answer seen so far, ending the watch when answered. */
function readKeyInPage(token: string): { to?: string; answer?: string; aside?: string } | null {
  const key = (window as unknown as Record<symbol, KeyWatch | undefined>)[Symbol.for('replaywright.keyWatch')];
  if (!key || key.token !== token) return null;
  key.release();
  const watch = (window as unknown as Record<symbol, AnswerWatch | undefined>)[Symbol.for('replaywright.answerWatch')];
  return { to: key.to, ...(watch?.token === token ? watch.take() : {}) };
}

/**
 * The frame an untargeted key goes to: the one holding focus, followed from the main frame
 * through each focused iframe (an editor in a frame). One round trip when focus is not in one.
 */
export async function focusedFrame(page: Page): Promise<Frame> {
  let frame = page.mainFrame();
  for (let depth = 0; depth < 8; depth++) {
    const handle = await frame
      .evaluateHandle(() => {
        const a = document.activeElement;
        return a instanceof HTMLIFrameElement || a instanceof HTMLFrameElement ? a : null;
      })
      .catch(() => null);
    const element = handle?.asElement();
    const inner = element ? await element.contentFrame().catch(() => null) : null;
    void handle?.dispose().catch(() => undefined);
    if (!inner) return frame;
    frame = inner;
  }
  return frame;
}

/** The frame a target is in, for the watch to be armed and read where its keys go. */
export async function frameOf(l: Locator, timeout: number): Promise<Frame | undefined> {
  const handle = await l.elementHandle({ timeout }).catch(() => null);
  if (!handle) return undefined;
  try {
    return (await handle.ownerFrame()) ?? undefined;
  } finally {
    void handle.dispose().catch(() => undefined);
  }
}

/**
 * A key press the recording shows no change for, judged as a click is (guarded-click.ts): by
 * the page's answer to it, watched from its keydown — the DOM, a value, focus, the caret or
 * scrolling changing, a navigation; outside the page a request, a dialog or a page opened. Seen
 * right after the key, or once the page has settled; a key nothing answered (a Shift alone, an
 * Escape with nothing open) is unverified, never failed: a key may rightly do nothing.
 * `frame`: where the key goes (its target's frame, or the main frame for the focused element).
 */
export async function pressAnswered(page: Page, frame: Frame, send: () => Promise<void>, wait: AnswerWait): Promise<EffectCheck> {
  const token = Math.random().toString(36).slice(2);
  const armed = await frame.evaluate(armKeyWatch, token).then(
    () => true,
    () => false,
  );
  const before = outsideNow(page, wait, frame);
  await send();
  if (!armed) return unverified('the key was sent; its answer could not be watched (the page did not let the watch in)');
  // A document gone (a navigation the key started) leaves nothing to read: null.
  const seen = await frame.evaluate(readKeyInPage, token).catch(() => null);
  if (page.isClosed()) return checked('the key closed its page');
  if (!seen) return checked('the page navigated after the key');
  if (!seen.to)
    return unverified(
      "the key was sent; no keydown reached the page where it was aimed (another frame had focus, or a handler of the page's stopped it first)",
    );
  const sent = `the key went to ${seen.to}`;
  const got = seen.answer !== undefined ? { answer: seen.answer } : await answerOnceSettled(page, token, wait, before, frame, seen.aside);
  return 'answer' in got ? checked(`${sent}, and ${got.answer}`) : unverified(`${sent}, but ${got.none}`);
}
