/**
 * Why Playwright's actionability checks kept refusing an element, from the call log of a timed
 * out action: the last "… intercepts pointer events" (a cookie wall, a modal over the target)
 * or "element is not visible/enabled/editable/stable" line. The error's first line only says
 * "Timeout 10000ms exceeded", which reads like a slow site when the page is in fact blocked.
 */
export function actionBlocker(errorMessage: string): string | undefined {
  const log = errorMessage.indexOf('\nCall log:');
  if (log < 0) return undefined;
  const lines = errorMessage.slice(log).replace(/\u001b\[[0-9;]*m/g, '').split('\n');
  let found: string | undefined;
  for (const raw of lines) {
    const line = raw.trim().replace(/^-\s*/, '');
    if (BLOCKERS.some((re) => re.test(line))) found = line;
  }
  return found;
}

const BLOCKERS = [
  /intercepts pointer events$/,
  /^element is not (visible|enabled|editable|stable|attached)$/,
  /^element is outside of the viewport$/,
  /^element was detached from the DOM/,
];
