import type { Page } from 'playwright';
import type { Episode, Step } from '../ir/index.js';
import type { EpisodeResult, StepResult } from '../ir/results.js';
import { errorLine } from '../error-line.js';

/**
 * Lifecycle hooks of a replay, in the spirit of @puppeteer/replay's RunnerExtension: per
 * episode `beforeEpisode`, then `beforeStep`/`afterStep` around each step the replayer runs or
 * checks (not around the steps it leaves `skipped`: after a failure, outside --from-step/--to-step,
 * or with no recorded page to check in snapshot mode), then `afterEpisode` with the result. Each
 * is awaited before the replay goes on, so a hook may inspect or act on `page`. A hook that throws
 * ends its episode as `error` (reason `error`, the message naming the hook); the run goes on.
 */
export interface ReplayHooks {
  beforeEpisode?(event: { episode: Episode }): void | Promise<void>;
  /** `page`: the page the step acts on (live), or the recorded before-state rendered (snapshot); undefined before a page exists. */
  beforeStep?(event: { episode: Episode; step: Step; page: Page | undefined }): void | Promise<void>;
  afterStep?(event: { episode: Episode; step: Step; result: StepResult; page: Page | undefined }): void | Promise<void>;
  afterEpisode?(event: { episode: Episode; result: EpisodeResult }): void | Promise<void>;
}

/** A hook threw: the episode is an `error` because of the caller's code, not the browser. */
export class HookError extends Error {
  override name = 'HookError';
}

/** Calls one hook, if given, turning what it throws into a HookError that names it. */
export async function callHook<K extends keyof ReplayHooks>(
  hooks: ReplayHooks | undefined,
  name: K,
  event: Parameters<NonNullable<ReplayHooks[K]>>[0],
): Promise<void> {
  const hook = hooks?.[name] as ((e: typeof event) => void | Promise<void>) | undefined;
  if (!hook) return;
  try {
    await hook.call(hooks, event);
  } catch (error) {
    throw new HookError(`the ${name} hook threw: ${errorLine(error)}`);
  }
}
