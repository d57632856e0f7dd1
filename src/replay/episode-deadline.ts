import type { EpisodeResult } from '../ir/results.js';

/**
 * `--episode-timeout`: races an episode's replay against its deadline. When the deadline comes
 * first, `abandon` is called (the worker closes its browser, so whatever the episode was waiting
 * on fails at once), the replay is let settle, and its result comes back as an `error`/`timeout`
 * that keeps the steps it had reached. The worker's next episode gets a fresh browser.
 */
export async function withEpisodeDeadline(
  replay: Promise<EpisodeResult>,
  timeoutMs: number | undefined,
  abandon: () => Promise<void>,
): Promise<EpisodeResult> {
  if (!timeoutMs || timeoutMs <= 0) return replay;
  let timer: NodeJS.Timeout | undefined;
  const late = Symbol('late');
  const deadline = new Promise<typeof late>((resolve) => {
    timer = setTimeout(() => resolve(late), timeoutMs);
  });
  const first = await Promise.race([replay, deadline]).finally(() => clearTimeout(timer));
  if (first !== late) return first;
  await abandon();
  const cut = await replay;
  const message = `the episode did not finish within ${timeoutMs} ms (--episode-timeout)${cut.failedStep !== undefined ? `: it was at step ${cut.failedStep + 1}` : ''}`;
  return { ...cut, status: 'error', reason: 'timeout', message };
}
