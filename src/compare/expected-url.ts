import type { Step } from '../ir/index.js';

/**
 * The URL each step's page should be on before the step, or undefined when the recording does
 * not say. A recorded before-state URL (VisualWebArena `info.url`…) wins; otherwise a step that
 * directly follows an `openPage`/`navigate` to a web URL on the same page must start there —
 * recorder and codegen files record no before-state URL, but they do record where they went.
 */
export function expectedUrls(steps: readonly Step[]): (string | undefined)[] {
  return steps.map((step, i) => {
    if (step.before?.url) return step.before.url;
    const prev = steps[i - 1];
    if (!prev || prev.page !== step.page) return undefined;
    const a = prev.action;
    if ((a.type === 'openPage' || a.type === 'navigate') && a.url && /^(https?|file):/i.test(a.url)) return a.url;
    return undefined;
  });
}

/**
 * Whether two URLs name the same document: the fragment, a trailing slash, the order of query
 * parameters and default ports do not make another page.
 */
export function sameDocument(a: string, b: string): boolean {
  return normalizeUrl(a) === normalizeUrl(b);
}

export function normalizeUrl(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return url.split('#')[0]!.replace(/\/+$/, '');
  }
  u.hash = '';
  u.searchParams.sort();
  const path = u.pathname.replace(/\/+$/, '');
  return `${u.protocol}//${u.host}${path}${u.search}`;
}
