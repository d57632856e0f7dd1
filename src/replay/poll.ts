/**
 * Calls `probe` until it returns a value other than `undefined` or the deadline passes, backing
 * off from 50 ms to 500 ms so a slow page is not hammered and a fast one is not kept waiting.
 */
export async function pollUntil<T>(probe: () => Promise<T | undefined>, timeoutMs: number): Promise<T | undefined> {
  const deadline = Date.now() + timeoutMs;
  let delay = 50;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    const left = deadline - Date.now();
    if (left <= 0) return undefined;
    await new Promise((r) => setTimeout(r, Math.min(delay, left)));
    delay = Math.min(delay * 2, 500);
  }
}
