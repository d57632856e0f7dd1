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
