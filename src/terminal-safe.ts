/**
 * Text from a dataset (episode ids, instructions, URLs, error messages quoting them) printed to
 * a terminal with its control characters shown, not obeyed: ESC starts colour and cursor
 * sequences, OSC ones can set the window title or write hyperlinks and clipboard contents, BEL
 * rings, CR overwrites the line, NUL and C1 codes confuse terminals. Each becomes `\xNN`
 * (`\u009b` style for C1); tab and newline stay.
 */
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f]/g;

export function terminalSafe(text: string): string {
  return text.replace(CONTROL, (c) => `\\x${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** Every string (and key) in a logged value made terminal-safe; other values kept. */
export function terminalSafeDeep<T>(value: T): T {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'string') return terminalSafe(v);
    if (Array.isArray(v)) return v.map(walk);
    if (v && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype)
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [terminalSafe(k), walk(x)]));
    if (v instanceof Error) return terminalSafe(v.message);
    return v;
  };
  return walk(value) as T;
}
