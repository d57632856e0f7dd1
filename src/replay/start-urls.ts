import type { ReplayOptions } from './run-episode.js';

/**
 * `--start-url` (and the replays project's `REPLAYWRIGHT_START_URL`): `URL` for every episode,
 * `WEBSITE=URL` for the episodes whose `meta.website` is WEBSITE. Undefined when none is given.
 */
export function parseStartUrls(specs: readonly string[]): ReplayOptions['startUrls'] {
  const startUrls: NonNullable<ReplayOptions['startUrls']> = { byWebsite: {} };
  for (const spec of specs) {
    const m = /^([^=:/]+)=(.+)$/.exec(spec);
    if (m) startUrls.byWebsite![m[1]!] = m[2]!;
    else startUrls.all = spec;
  }
  return startUrls.all || Object.keys(startUrls.byWebsite!).length ? startUrls : undefined;
}
