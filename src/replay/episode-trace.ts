import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext } from 'playwright';
import type { Redactor } from '../secrets.js';
import { relativeToOut } from '../results/episode-files.js';
import { timed } from './profile.js';
import type { ReplayOptions } from './replay-options.js';
import { scrubZip } from './scrub-zip.js';

/**
 * Starts the episode's Playwright trace as `--trace-detail` asks. The screencast is left out
 * when the episode has secrets: it would show one (typed, or echoed by the page) as pixels,
 * where the zip's text can be scrubbed after the stop.
 */
export async function startEpisodeTrace(
  context: BrowserContext,
  title: string,
  detail: NonNullable<ReplayOptions['traceDetail']>,
  redactor: Redactor,
): Promise<void> {
  await timed('episode.trace-start', () =>
    context.tracing.start({ title, screenshots: detail !== 'actions' && !redactor.active, snapshots: detail === 'full' }),
  );
}

/**
 * Stops the trace, writing it to `dir`/trace.zip only when it is kept, with the secrets
 * scrubbed from its text. The zip's path relative to `out`, or undefined: a result names only
 * what was written, and a stop that failed left no zip.
 */
export async function stopEpisodeTrace(
  context: BrowserContext,
  keep: boolean,
  at: { dir: string; out: string },
  redactor: Redactor,
): Promise<string | undefined> {
  const path = join(at.dir, 'trace.zip');
  await timed('episode.trace-stop', () => context.tracing.stop(keep ? { path } : undefined).catch(() => undefined));
  return keep && existsSync(path) && scrubZip(path, redactor) ? relativeToOut(at.out, path) : undefined;
}
