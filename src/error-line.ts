/**
 * An error's first line: what a result, a note or a log line quotes — the message without
 * Playwright's call log or a stack below it. Anything thrown that is not an Error is its text.
 */
export function errorLine(error: unknown): string {
  return String((error as Error | undefined)?.message ?? error).split('\n')[0]!;
}
