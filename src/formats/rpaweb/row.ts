import { dirname } from 'node:path';
import { z } from 'zod';
import type { Evidence } from '../../ir/evidence.js';
import type { Step } from '../../ir/episode.js';
import { DatasetFileResolver, resolveDatasetFile } from '../dataset-path.js';
import type { FieldIssue } from '../field-issue.js';
import { hasError, zodIssues } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import { decodeRecorderLine } from '../recorder/line.js';

/**
 * One rpaweb row: a step of an RPA recording, with the Playwright recorder line that
 * performed it in `json_data.browserCode` and the page before it (`png_file`, `html_data`).
 * `json_data` and `browserCode` come either as objects or as JSON text (CSV exports).
 */
export const RowId = z.union([z.string().min(1), z.number().int()]);

/** A step number written as text. */
const STEP_TEXT = /^\s*-?\d+(\.\d+)?\s*$/;

const Row = z.looseObject({
  id: RowId,
  /** Numeric, possibly written as text; rows are ordered by it. */
  step: z.union([z.number().finite(), z.string().regex(STEP_TEXT, 'expected a number')]),
  intent: z.string().nullish(),
  language: z.unknown(),
  input: z.unknown(),
  requirements: z.unknown(),
  outputs: z.unknown(),
  anonymized_data: z.unknown(),
  png_file: z.string().nullish(),
  html_data: z.string().nullish(),
  json_data: z.union([z.string(), z.record(z.string(), z.unknown())]),
  subintent: z.string().nullish(),
});

/** Row fields that describe the episode; rows normally repeat them. */
export const EPISODE_FIELDS = ['language', 'requirements', 'outputs', 'anonymized_data'] as const;
const KNOWN_ROW_FIELDS = new Set(['id', 'step', 'intent', 'input', 'png_file', 'html_data', 'json_data', 'subintent', ...EPISODE_FIELDS]);
const KNOWN_JSON_DATA_FIELDS = new Set(['browserCode', 'subintent']);

/** A param name a person can type after `--param`. */
const PARAM_NAME = /^[A-Za-z_][\w.-]*$/;

/** A decoded row: its step without `index` (given after ordering) plus what the episode needs. */
export interface RowStep {
  line: number;
  stepNumber: number;
  intent?: string;
  /** The row's values of EPISODE_FIELDS, when present. */
  episodeFields: Record<string, unknown>;
  step: Omit<Step, 'index'>;
  /** Everything else the row said that the IR has no field for. */
  extras: Record<string, unknown>;
}

export interface RowResult {
  /** Known whenever `id` could be read, even if the rest of the row is bad. */
  id?: string;
  /** Set when the row decoded without error issues. */
  row?: RowStep;
  /** The step number, when readable (to report duplicates even in bad rows). */
  stepNumber?: number;
  issues: FieldIssue[];
}

export interface RowContext {
  /** The JSONL file (absolute); relative `png_file`s are resolved against its folder. */
  file: string;
  datasetRoot: string;
  line: number;
  /** Shared by the rows of one decode: folders' real paths found once. */
  files?: DatasetFileResolver;
}

function readRowId(value: Record<string, unknown>): { id?: string; issues: FieldIssue[] } {
  const id = RowId.safeParse(value.id);
  return id.success ? { id: String(id.data), issues: [] } : { issues: zodIssues(id.error, 'id') };
}

export function decodeRow(value: unknown, ctx: RowContext): RowResult {
  if (!isPlainObject(value)) return { issues: [{ message: 'expected a JSON object (an rpaweb row)', severity: 'error' }] };
  const { id, issues } = readRowId(value);
  if (id === undefined) return { issues };

  // Keep checking the fields that are fine after one is bad, so one run lists all of a row's problems.
  // zod only for a row that fails the same checks written by hand (its messages name the field):
  // a valid row is most of a dataset, and parsing each one with zod showed in decode profiles.
  const parsed = isValidRow(value) ? undefined : Row.safeParse(value);
  const bad = new Set<unknown>(!parsed || parsed.success ? [] : parsed.error.issues.map((i) => i.path[0]));
  if (parsed && !parsed.success) issues.push(...zodIssues(parsed.error));
  const row = (parsed?.success ? parsed.data : value) as z.infer<typeof Row>;
  const stepNumber = bad.has('step') ? undefined : Number(row.step);

  const jsonData = bad.has('json_data') ? undefined : parseEmbeddedJson(row.json_data, 'json_data', issues);
  const browserCode = jsonData && parseEmbeddedJson(jsonData.browserCode, 'json_data.browserCode', issues);
  const recorded = browserCode && decodeRecorderLine(browserCode, 'json_data.browserCode');
  if (recorded) issues.push(...recorded.issues);
  const before = bad.has('png_file') || bad.has('html_data') ? undefined : beforeEvidence(row, ctx, issues);
  if (hasError(issues) || !recorded?.step || stepNumber === undefined) return { id, stepNumber, issues };

  const intent = row.intent ?? undefined;
  const step: Omit<Step, 'index'> = {
    recordedStep: row.step,
    page: recorded.step.page,
    action: recorded.step.action,
    expect: recorded.step.expect,
    source: { file: ctx.file, line: ctx.line },
  };
  if (before) step.before = before;
  const input = nonEmptyString(row.input);
  if (input !== undefined) step.note = input;
  const subintent = typeof jsonData?.subintent === 'string' ? jsonData.subintent : (row.subintent ?? undefined);
  if (subintent === 'user_feedback') {
    step.needsInput = { param: input !== undefined && PARAM_NAME.test(input) ? input : `step${stepNumber}` };
    const prompt = nonEmptyString(row.requirements) ?? nonEmptyString(intent);
    if (prompt !== undefined) step.needsInput.prompt = prompt;
  }

  const extras: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) if (!KNOWN_ROW_FIELDS.has(k)) extras[k] = v;
  if (row.input !== undefined) extras.input = row.input;
  if (subintent !== undefined) extras.subintent = subintent;
  const jsonExtras = Object.entries(jsonData ?? {}).filter(([k]) => !KNOWN_JSON_DATA_FIELDS.has(k));
  if (jsonExtras.length) extras.json_data = Object.fromEntries(jsonExtras);
  if (Object.keys(recorded.step.extras).length) extras.browserCode = recorded.step.extras;

  const episodeFields: Record<string, unknown> = {};
  for (const k of EPISODE_FIELDS) if (row[k] !== undefined) episodeFields[k] = row[k];

  const out: RowStep = { line: ctx.line, stepNumber, episodeFields, step, extras };
  if (intent !== undefined) out.intent = intent;
  return { id, stepNumber, row: out, issues };
}

/** What `Row` accepts (never more: a row it would refuse must reach it), checked without zod. */
function isValidRow(row: Record<string, unknown>): boolean {
  const text = (v: unknown) => v === undefined || v === null || typeof v === 'string';
  const step = row.step;
  return (
    RowId.safeParse(row.id).success &&
    ((typeof step === 'number' && Number.isFinite(step)) || (typeof step === 'string' && STEP_TEXT.test(step))) &&
    text(row.intent) &&
    text(row.png_file) &&
    text(row.html_data) &&
    text(row.subintent) &&
    (typeof row.json_data === 'string' || isPlainObject(row.json_data))
  );
}

/** An object given inline or as JSON text (CSV exports stringify nested columns). */
function parseEmbeddedJson(value: unknown, field: string, issues: FieldIssue[]): Record<string, unknown> | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch (e) {
      issues.push({ field, message: `not valid JSON text: ${(e as Error).message}`, severity: 'error' });
      return undefined;
    }
  }
  if (isPlainObject(v)) return v;
  issues.push({
    field,
    message:
      v === undefined || v === null
        ? 'missing (expected an object or JSON text of one)'
        : `expected an object, got ${Array.isArray(v) ? 'an array' : typeof v}`,
    severity: 'error',
  });
  return undefined;
}

/**
 * The recorded page before the step. A screenshot path that leaves the dataset root is an
 * error (a crafted row must not make us read other files); a missing one only loses evidence.
 */
function beforeEvidence(row: z.infer<typeof Row>, ctx: RowContext, issues: FieldIssue[]): Evidence | undefined {
  const before: Evidence = {};
  if (row.html_data) before.html = row.html_data;
  if (row.png_file) {
    const png = ctx.files
      ? ctx.files.resolve(row.png_file, dirname(ctx.file))
      : resolveDatasetFile(row.png_file, dirname(ctx.file), ctx.datasetRoot);
    if (!png.inside) issues.push({ field: 'png_file', message: `refused: ${png.reason}`, severity: 'error' });
    else if (!png.exists) issues.push({ field: 'png_file', message: `screenshot dropped: ${png.reason}`, severity: 'warning' });
    else before.screenshot = png.path;
  }
  return Object.keys(before).length ? before : undefined;
}

function nonEmptyString(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}
