/**
 * Calls `probe` until it returns a value other than `undefined` or the deadline passes. The
 * waits between calls grow much as Playwright's own retries do (20, 50, 100, 100, 250, then 500 ms): an
 * element that appears a few ms after a navigation commits is seen ~20 ms later, not 50, and a
 * slow page is still not hammered.
 */
const BACKOFF_MS = [20, 50, 100, 100, 250];
const LONGEST_WAIT_MS = 500;

export async function pollUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  for (let attempt = 0; ; attempt++) {
    const value = await probe();
    if (value !== undefined) return value;
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await new Promise((r) => setTimeout(r, Math.min(BACKOFF_MS[attempt] ?? LONGEST_WAIT_MS, left)));
  }
}
