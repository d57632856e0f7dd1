import type { SourceRef } from '../ir/episode.js';
import type { HealedLocator } from '../ir/results.js';
import { recordedQuery } from '../ir/recorded-query.js';
import { locateFromPart, splitSelector, type PartMeaning } from '../selectors/index.js';

/** One step's repair: where the step was recorded and the locator that now finds its element. */
export interface Repair {
  source: SourceRef;
  healed: HealedLocator;
}

/** A file's text after repairs, and the repairs it had no room for (with why). */
export interface Rewritten {
  text: string;
  applied: Repair[];
  refused: { repair: Repair; why: string }[];
}

/**
 * Writes repairs into a dataset file, in the file's own format, touching nothing else: JSONL
 * formats (codegen, rpaweb) rewrite only the lines of repaired steps; a DevTools flow gets the
 * new selector as the first alternative, the recorded ones kept after it. Pure: text in, text out.
 */
export function applyRepairs(format: string, text: string, repairs: readonly Repair[]): Rewritten {
  switch (format) {
    case 'rpaweb':
      return byLine(text, repairs, (row) => rewriteRpawebRow(row));
    case 'devtools-recorder':
      return rewriteFlow(text, repairs);
    default:
      return { text, applied: [], refused: repairs.map((repair) => ({ repair, why: `a ${format} file keeps no selector to rewrite` })) };
  }
}

type LineRewrite = (parsed: Record<string, unknown>) => ((healed: HealedLocator) => string | undefined) | string;

/** JSONL: each repair names its line; that line alone is re-serialised. */
function byLine(text: string, repairs: readonly Repair[], rewriter: LineRewrite): Rewritten {
  const lines = text.split('\n');
  const out: Rewritten = { text, applied: [], refused: [] };
  for (const repair of repairs) {
    const at = (repair.source.line ?? 0) - 1;
    const raw = lines[at];
    if (raw === undefined) {
      out.refused.push({ repair, why: 'the recorded line is not in the file' });
      continue;
    }
    let parsed: Record<string, unknown>;
    try {
      parsed = JSON.parse(raw) as Record<string, unknown>;
    } catch {
      out.refused.push({ repair, why: 'the recorded line is not JSON' });
      continue;
    }
    const write = rewriter(parsed);
    if (typeof write === 'string') {
      out.refused.push({ repair, why: write });
      continue;
    }
    const line = write(repair.healed);
    if (line === undefined) {
      out.refused.push({ repair, why: 'the new selector has no recorder form' });
      continue;
    }
    lines[at] = line + (raw.endsWith('\r') ? '\r' : '');
    out.applied.push(repair);
  }
  out.text = lines.join('\n');
  return out;
}

/** An rpaweb row, or a plain codegen line (the row is the recorder action itself). */
function rewriteRpawebRow(row: Record<string, unknown>): ((healed: HealedLocator) => string | undefined) | string {
  if (typeof row.name === 'string' && 'selector' in row)
    return (healed) => (setRecorderSelector(row, healed) ? JSON.stringify(row) : undefined);
  const data = row.json_data;
  const dataIsText = typeof data === 'string';
  const jsonData = dataIsText ? tryParse(data) : data;
  if (!isObject(jsonData)) return 'json_data is not an object';
  const code = jsonData.browserCode;
  const codeIsText = typeof code === 'string';
  const action = codeIsText ? tryParse(code) : code;
  if (!isObject(action) || !('selector' in action)) return 'json_data.browserCode has no selector';
  return (healed) => {
    if (!setRecorderSelector(action, healed)) return undefined;
    if (codeIsText) jsonData.browserCode = JSON.stringify(action);
    row.json_data = dataIsText ? JSON.stringify(jsonData) : jsonData;
    return JSON.stringify(row);
  };
}

/**
 * The recorder line's `selector`, and its `locator` (the lossy rendering Playwright's jsonl
 * generator derives from it) when the line has one, so the line reads as the recorder would
 * have written it for this element. Frame paths are left alone: heals are main-frame only.
 */
function setRecorderSelector(action: Record<string, unknown>, healed: HealedLocator): boolean {
  const locator = recorderLocator(healed.selector);
  if (!locator) return false;
  action.selector = healed.selector;
  if ('locator' in action) action.locator = locator;
  return true;
}

/** Playwright's jsonl `locator` node for a one-part selector. */
export function recorderLocator(selector: string): Record<string, unknown> | undefined {
  const parts = splitSelector(selector);
  if (parts.length !== 1) return undefined;
  if (/^#[A-Za-z][\w-]*$/.test(selector)) return { kind: 'default', body: selector, options: {} };
  const meaning: PartMeaning | undefined = locateFromPart(parts[0]!);
  if (!meaning) return undefined;
  switch (meaning.kind) {
    case 'role':
      return {
        kind: 'role',
        body: meaning.role,
        options: { attrs: [], exact: !!meaning.exact, ...(meaning.name !== undefined ? { name: meaning.name } : {}) },
      };
    case 'testId':
      return { kind: 'test-id', body: meaning.testId, options: {} };
    default:
      return { kind: meaning.kind, body: meaning.text, options: { exact: !!meaning.exact } };
  }
}

/** A DevTools Recorder flow: the new selector first among the step's alternatives. */
function rewriteFlow(text: string, repairs: readonly Repair[]): Rewritten {
  const out: Rewritten = { text, applied: [], refused: [] };
  const flow = tryParse(text);
  if (!isObject(flow) || !Array.isArray(flow.steps))
    return { ...out, refused: repairs.map((repair) => ({ repair, why: 'the flow is not JSON with steps' })) };
  for (const repair of repairs) {
    const m = /^steps\[(\d+)\]$/.exec(repair.source.record ?? '');
    const step = m ? (flow.steps as unknown[])[Number(m[1])] : undefined;
    const alternative = devtoolsSelector(repair.healed.selector);
    if (!isObject(step) || !Array.isArray(step.selectors)) out.refused.push({ repair, why: 'the recorded step has no selectors' });
    else if (!alternative) out.refused.push({ repair, why: 'the new selector has no DevTools form' });
    else {
      step.selectors = [
        [alternative],
        ...(step.selectors as unknown[]).filter((s) => !(Array.isArray(s) && s.length === 1 && s[0] === alternative)),
      ];
      out.applied.push(repair);
    }
  }
  if (out.applied.length) out.text = JSON.stringify(flow, null, detectIndent(text)) + (text.endsWith('\n') ? '\n' : '');
  return out;
}

/** The same element in @puppeteer/replay's selector syntax (aria/, text/ or CSS). */
export function devtoolsSelector(selector: string): string | undefined {
  if (/^#[A-Za-z][\w-]*$/.test(selector)) return selector;
  const meaning = locateFromPart(selector);
  if (!meaning) return undefined;
  const css = (attr: string, v: string) => `[${attr}=${JSON.stringify(v)}]`;
  switch (meaning.kind) {
    case 'role':
      return meaning.name !== undefined ? recordedQuery({ name: meaning.name, role: meaning.role }) : undefined;
    case 'label':
      return recordedQuery({ name: meaning.text });
    case 'text':
      return recordedQuery({ text: meaning.text });
    case 'testId':
      return css('data-testid', meaning.testId);
    default:
      return css(meaning.kind, meaning.text);
  }
}

const detectIndent = (text: string): number => /\n( +)"/.exec(text)?.[1]?.length ?? 2;
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
function tryParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** One step's new recorded before-state HTML (`approve`), by where the step was recorded. */
export interface NewBaseline {
  source: SourceRef;
  html: string;
}

/**
 * Makes live before-states the recorded ones (`approve`): an rpaweb row's `html_data` is
 * replaced on the step's own line (its `png_file` is a file, copied by the caller). Formats that
 * record no before-state HTML get nothing, and say so.
 */
export function applyBaselines(
  format: string,
  text: string,
  baselines: readonly NewBaseline[],
): { text: string; applied: number; refused: { source: SourceRef; why: string }[] } {
  if (format !== 'rpaweb')
    return {
      text,
      applied: 0,
      refused: baselines.map((b) => ({ source: b.source, why: `a ${format} file keeps no before-state HTML to replace` })),
    };
  const lines = text.split('\n');
  let applied = 0;
  const refused: { source: SourceRef; why: string }[] = [];
  for (const b of baselines) {
    const at = (b.source.line ?? 0) - 1;
    const row = tryParse(lines[at] ?? '');
    if (!isObject(row) || !('json_data' in row)) {
      refused.push({ source: b.source, why: 'not an rpaweb row (a codegen line keeps no before-state)' });
      continue;
    }
    row.html_data = b.html;
    lines[at] = JSON.stringify(row) + ((lines[at] ?? '').endsWith('\r') ? '\r' : '');
    applied++;
  }
  return { text: lines.join('\n'), applied, refused };
}
