import type { Action } from '../../ir/index.js';

/**
 * Where a live replay may navigate. A dataset is untrusted input: a recorded `navigate` to
 * `file:///etc/passwd` or `chrome://version` would put local files or the browser's command
 * line into final.html and the screenshots (and a page could post them on), and a
 * `javascript:` URL runs its script in whatever page is open. By default only `http(s)` and
 * `about:blank` are navigated to; the user opts other schemes in one by one
 * (`--allow-url-scheme file`). `javascript:` can be allowed the same way, deliberately.
 */
export const ALWAYS_ALLOWED_SCHEMES = ['http', 'https'] as const;

/** Schemes a user may name in `--allow-url-scheme` (lower case, no colon). */
export const URL_SCHEME_PATTERN = /^[a-z][a-z0-9+.-]*$/;

/** Why the replay will not navigate to `url`, or undefined when it may. */
export function blockedUrl(url: string, allowedSchemes: readonly string[] = []): string | undefined {
  if (url === 'about:blank') return undefined;
  const scheme = /^\s*([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(url)?.[1]?.toLowerCase();
  // Playwright would resolve a URL without a scheme against nothing and fail anyway; say why here.
  if (!scheme) return `not navigating to ${JSON.stringify(clip(url))}: it has no scheme (only http, https and about:blank are replayed)`;
  if ((ALWAYS_ALLOWED_SCHEMES as readonly string[]).includes(scheme) || allowedSchemes.includes(scheme)) return undefined;
  return `not navigating to ${JSON.stringify(clip(url))}: ${scheme}: URLs are blocked (they can read local files, browser internals or run script); pass --allow-url-scheme ${scheme} to replay them`;
}

/**
 * The block for a step that would navigate (`navigate`, or `openPage` with a page to load), judged
 * on the URL it would really load (after `--map-url`), or undefined.
 */
export function blockedNavigation(
  action: Action,
  toLive: (url: string) => string,
  allowedSchemes: readonly string[] = [],
): string | undefined {
  if (action.type === 'navigate') return blockedUrl(toLive(action.url), allowedSchemes);
  if (action.type === 'openPage' && action.url && !OPEN_BLANK.has(action.url)) return blockedUrl(toLive(action.url), allowedSchemes);
  return undefined;
}

/** The start pages `openPage` leaves blank (perform.ts does not load them). */
const OPEN_BLANK = new Set(['about:blank', 'chrome://newtab/']);

function clip(url: string): string {
  return url.length > 120 ? `${url.slice(0, 117)}...` : url;
}
