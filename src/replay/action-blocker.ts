/**
 * Why an action timed out, from the call log Playwright appends to the error: the error's first
 * line only says "Timeout 10000ms exceeded", which reads like a slow site when the page was in
 * fact blocked (a cookie wall over the target) or the action was done and the page it led to
 * never loaded. Returns a sentence to append, or undefined when the log says neither.
 */
export function timeoutCause(errorMessage: string): string | undefined {
  const log = errorMessage.indexOf('\nCall log:');
  if (log < 0) return undefined;
  const lines = errorMessage
    .slice(log)
    .replace(/\u001b\[[0-9;]*m/g, '')
    .split('\n')
    .map((l) => l.trim().replace(/^(\d+ × )?-?\s*/, ''))
    .filter(Boolean);
  if (lines.at(-1) === 'waiting for scheduled navigations to finish') {
    return 'The action was done, but the page it navigated to did not finish loading in time.';
  }
  const blocker = lines.findLast((line) => BLOCKERS.some((re) => re.test(line)));
  return blocker ? `The target was there but never actionable: ${blocker}` : undefined;
}

const BLOCKERS = [
  /intercepts pointer events$/,
  /^element is not (visible|enabled|editable|stable|attached)$/,
  /^element is outside of the viewport$/,
  /^element was detached from the DOM/,
];
