import { readFileSync } from 'node:fs';
import type { Evidence } from '../ir/index.js';
import { asBrowserHtml } from '../ir/recorded-page/index.js';

/** A recorded before-state's HTML as recorded: inline, or its .html file (an MHTML file is not HTML). */
export function rawRecordedHtml(evidence: Evidence | undefined): string | undefined {
  if (evidence?.html !== undefined) return evidence.html;
  const file = evidence?.htmlFile;
  if (!file || !/\.html?$/i.test(file)) return undefined;
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** A recorded before-state's HTML as a browser has it (asBrowserHtml), or undefined when none was kept. */
export function recordedHtmlOf(evidence: Evidence | undefined): string | undefined {
  const raw = rawRecordedHtml(evidence);
  return raw === undefined ? undefined : asBrowserHtml(evidence, raw);
}
