import { escapeHtml } from '../escape-html.js';
import type { TypedValue } from '../ir/inputs.js';

/**
 * Values shorter than this are not put back: a one- or two-character value (a quantity, "b")
 * occurs all over a page, and rewriting every occurrence would do more harm than the value
 * itself.
 */
const MIN_LENGTH = 3;

/**
 * The live page's HTML with the values the user gave for this run (`--param`, `--secret`) put
 * back to what the recording had in their place, so that a page showing them (a summary that
 * echoes the IBAN, an NIF in a header) reads as the recorded one did. Without it, replaying a
 * recording with its anonymized placeholder replaced, as docs/options.md tells users to, makes every
 * later page "differ" from the recording and the episode fail `final-state-mismatch`.
 *
 * `scrubbed(name)` is how outputs write a secret (`[secret:NAME]`): final.html is read back
 * from disk already scrubbed. Values are matched as typed and HTML-escaped, longest first.
 */
export function withRecordedValues(
  liveHtml: string,
  typed: readonly TypedValue[],
  scrubbed?: (name: string) => string | undefined,
): string {
  const pairs = new Map<string, string>();
  for (const t of typed) {
    if (t.live === t.recorded || t.live.length < MIN_LENGTH) continue;
    for (const form of [t.live, escapeHtml(t.live), scrubbed?.(t.name)])
      if (form && !pairs.has(form)) pairs.set(form, escapeHtml(t.recorded));
  }
  let out = liveHtml;
  for (const [live, recorded] of [...pairs].sort((a, b) => b[0].length - a[0].length)) {
    if (out.includes(live)) out = out.split(live).join(recorded);
  }
  return out;
}
