import type { Episode } from '../ir/index.js';

export type StartUrls = { all?: string; byWebsite?: Record<string, string> };

/** The page an episode that opens none of its own starts on, if the user named one (`--start-url`). */
export function startUrlFor(episode: Episode, urls: StartUrls | undefined): string | undefined {
  const first = episode.steps[0]?.action.type;
  if (!urls || first === 'openPage' || first === 'navigate' || first === 'newTab') return undefined;
  const website = typeof episode.meta.website === 'string' ? episode.meta.website : undefined;
  return (website && urls.byWebsite?.[website]) || urls.all;
}

/** The first page an episode shows: its `--start-url`, or the URL its first step opens. */
export function firstPageUrl(episode: Episode, urls: StartUrls | undefined): string | undefined {
  const start = startUrlFor(episode, urls);
  if (start) return start;
  const first = episode.steps[0]?.action;
  if (first?.type === 'navigate') return first.url;
  if (first?.type === 'openPage' && first.url && first.url !== 'about:blank') return first.url;
  return undefined;
}
