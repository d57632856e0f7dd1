import type { Frame, Page } from 'playwright';
import { saveDownload } from './sandbox/download-cap.js';
import type { Expectation } from '../ir/index.js';
import type { PageRegistry } from './pages.js';
import { pollUntil } from './poll.js';
import type { Outcome } from './perform.js';
import { frameThrough } from './devtools/page-effects.js';
import { isFrame, outOfProcess } from './devtools/frame-scope.js';

export interface SignalEnv {
  page: Page | undefined;
  pages: PageRegistry;
  timeoutMs: number;
  mapUrl(url: string): string;
  /** Absolute folder for this episode's downloads. */
  downloadsDir: string;
  /** `--max-artifact-bytes`: a download is cut at this size. */
  maxBytes?: number;
  /** Turns an absolute path into the one results report (relative to the output folder). */
  relative(path: string): string;
}

export interface SettledSignals {
  failure?: Extract<Outcome, { status: 'failed' }>;
  downloads: string[];
  notes: string[];
}

/**
 * Listens, before a step acts, for the popups and downloads the recording says the step caused
 * (the codegen pattern: start waiting, act, then await), and afterwards checks they happened
 * and that recorded navigations were reached.
 */
export function armSignals(expectations: readonly Expectation[], env: SignalEnv) {
  const page = env.page;
  const popups = page
    ? expectations
        .filter((e) => e.kind === 'popup')
        .map((e) => ({ name: e.page, url: e.url, frameOf: e.frameOf, wait: quiet(page.waitForEvent('popup', { timeout: env.timeoutMs })) }))
    : [];
  const openBefore = new Set(env.pages.unclaimedPages());
  const downloads = page
    ? expectations
        .filter((e) => e.kind === 'download')
        .map((e) => ({ alias: e.alias, wait: quiet(page.waitForEvent('download', { timeout: env.timeoutMs })) }))
    : [];

  return async function settle(): Promise<SettledSignals> {
    const result: SettledSignals = { downloads: [], notes: [] };
    for (const popup of popups) {
      const opened = popup.url ? await popupAt(popup.wait, popup.url, env, popup.frameOf) : await popup.wait;
      if (opened && isFrame(opened)) {
        // A frame at that URL (DevTools `target`): the steps on this name run in it.
        env.pages.bindFrame(popup.name, opened);
        result.notes.push(`"${popup.name}" is the frame at ${opened.url()} (no page opened there), as @puppeteer/replay finds it`);
        continue;
      }
      if (!opened)
        return {
          ...result,
          failure: {
            status: 'failed',
            reason: 'popup-missing',
            message: `the recorded popup "${popup.name}"${popup.url ? ` (${env.mapUrl(popup.url)})` : ''} did not open within ${env.timeoutMs} ms`,
          },
        };
      if (openBefore.has(opened))
        result.notes.push(
          `the popup "${popup.name}" was already open at ${opened.url()} (the recording does not say which step opened it)`,
        );
      env.pages.bind(popup.name, opened);
      await opened.waitForLoadState('domcontentloaded', { timeout: env.timeoutMs }).catch(() => undefined);
    }
    for (const download of downloads) {
      const started = await download.wait;
      if (!started)
        return {
          ...result,
          failure: {
            status: 'failed',
            reason: 'download-missing',
            message: `the recorded download${download.alias ? ` "${download.alias}"` : ''} did not start within ${env.timeoutMs} ms`,
          },
        };
      const saved = await saveDownload(started, env.downloadsDir, result.downloads.length, env.maxBytes);
      result.downloads.push(env.relative(saved.path));
      if (saved.note) result.notes.push(saved.note);
    }
    const navigations = expectations.filter((e) => e.kind === 'navigation');
    const last = navigations.at(-1);
    if (last) {
      // A recorder ≤1.47 navigation signal means "some page reached this URL soon after";
      // only the last one is where the step left things.
      const want = stripHash(env.mapUrl(last.url));
      // In a frame (DevTools `frame`), the step's frame is what navigated, as @puppeteer/replay waits for.
      const urls = async () =>
        last.framePath && page
          ? [(await frameThrough(page, last.framePath, 1000))?.url() ?? '']
          : [...env.pages.openPages(), ...env.pages.boundFrames()].map((p) => p.url());
      const reached = await pollUntil(
        async () => ((await urls()).some((u) => stripHash(u) === want) ? true : undefined),
        Math.min(env.timeoutMs, 5000),
      );
      if (!reached && last.framePath) {
        return {
          ...result,
          failure: {
            status: 'failed',
            reason: 'navigation-mismatch',
            message: `expected the frame ${last.framePath.join(' >> ')} at ${want}, it is at ${(await urls())[0] || 'nothing'}`,
          },
        };
      }
      if (!reached) {
        const urls = env.pages
          .openPages()
          .map((p) => p.url())
          .join(', ');
        return {
          ...result,
          failure: {
            status: 'failed',
            reason: 'navigation-mismatch',
            message: `expected a page at ${want}, pages are at ${urls || 'nothing'}`,
          },
        };
      }
    }
    return result;
  };
}

/** How long a step waits for an element the recorder saw appear before going on without it. */
const APPEAR_WAIT_MS = 2000;

/**
 * Waits for the elements the recorder saw appear before the step (1.55–1.61
 * `preconditionSelector`, ≥1.62 `expect` signals). The recorder notes them by itself — codegen
 * asserts them only when asked (`generateAutoExpect` / `generateExpectSignal`, off by default,
 * and then it writes an explicit assertVisible line, which is checked) — often a header link
 * present on every page. So they pace the replay but never fail the step: one that does not show
 * (a renamed logo link) is a note, and the step's own target decides. Returns the notes.
 */
export async function awaitVisible(expectations: readonly Expectation[], page: Page | undefined, timeoutMs: number): Promise<string[]> {
  const notes: string[] = [];
  if (!page) return notes;
  const wait = Math.min(timeoutMs, APPEAR_WAIT_MS);
  for (const e of expectations) {
    if (e.kind !== 'visible') continue;
    const ok = await page
      .locator(e.selector)
      .first()
      .waitFor({ state: 'visible', timeout: wait })
      .then(
        () => true,
        () => false,
      );
    if (!ok)
      notes.push(
        `the element the recording saw appear before this step (${e.selector}) was not visible within ${wait} ms; the step ran without it`,
      );
  }
  return notes;
}

/** A promise that resolves to undefined instead of rejecting, so an unawaited wait never crashes the run. */
function quiet<T>(p: Promise<T>): Promise<T | undefined> {
  return p.catch(() => undefined);
}

function stripHash(url: string): string {
  const i = url.indexOf('#');
  return i >= 0 ? url.slice(0, i) : url;
}

/**
 * A popup the step opens, or a page already open at the recorded URL that no step has claimed:
 * a DevTools flow names the page a step runs on, not the step that opened it, so the step
 * taken for its opener may come after the one that really did. With `frameOf`, a frame of that
 * page at the URL counts too when it is a target of its own (out of process), the one kind of
 * frame @puppeteer/replay finds by URL.
 */
async function popupAt(event: Promise<Page | undefined>, url: string, env: SignalEnv, frameOf?: string): Promise<Page | Frame | undefined> {
  const want = stripHash(env.mapUrl(url));
  let settled = false;
  const atUrl = pollUntil(async () => {
    if (settled) return null;
    const page = env.pages.unclaimedPages().find((p) => stripHash(p.url()) === want);
    if (page) return page;
    const holder = frameOf ? env.pages.get(frameOf) : undefined;
    for (const frame of holder?.frames() ?? []) {
      if (frame.parentFrame() && stripHash(frame.url()) === want && (await outOfProcess(frame))) return frame;
    }
    return undefined;
  }, env.timeoutMs);
  const found = await Promise.race([event, atUrl.then((p) => p ?? event)]);
  settled = true;
  return found ?? undefined;
}
