import type { ElementsWait } from './action.js';

/** A Puppeteer query a DevTools flow recorded: `aria/Name[role="button"]` or `text/Save`. */
export type RecordedQuery = { name?: string; role?: string } | { text: string };

/**
 * The query as the flow wrote it (`aria/Name[role="button"]`, `text/Save`), and, with a frame
 * path, the frame it is asked in ("… in frame 0.1"). Messages and results name such a step's
 * target this way rather than by the Playwright selector that only approximates it, so a user
 * can find it in the flow.
 */
export function recordedQuery(q: RecordedQuery, framePath?: number[]): string {
  const query = 'text' in q ? `text/${q.text}` : `aria/${q.name ?? ''}${q.role ? `[role="${q.role}"]` : ''}`;
  return framePath?.length ? `${query} in frame ${framePath.join('.')}` : query;
}

/** A wait's alternative recorded as a Puppeteer query, and the frame it is asked in. */
export type QueryAlternative = RecordedQuery & { framePath?: number[] };

/**
 * The `aria/` or `text/` query a wait's alternative `at` was recorded as, with its frame path,
 * or undefined for an alternative that is a Playwright selector only.
 */
export function queryAlternativeAt(w: ElementsWait, at: number): QueryAlternative | undefined {
  return w.aria?.find((a) => a.at === at) ?? w.textContains?.find((t) => t.at === at);
}
