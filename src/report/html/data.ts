import { isAbsolute, join, relative, resolve } from 'node:path';
import { passedUnverified, type EpisodeResult } from '../../ir/results.js';
import type { ChunkEntry, ListEntry, Totals } from './types.js';

export const CHUNK_SIZE = 100;
const LIST_TEXT_MAX = 240;

/**
 * A value as the body of a classic script: JSON, with `<` escaped (no `</script` or `<!--` can
 * form) and every non-ASCII character escaped, so the file reads the same whatever charset the
 * browser assumes for it and U+2028/2029 can never end a line early.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u007f-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/**
 * A link from `<out>/report/index.html` to a path a result names: relative to `<out>` (as the
 * results contract says) or absolute. Every segment is percent-encoded, so a file name with `#`,
 * `?`, `%` or `:` stays a file name and no path can turn into a `javascript:` URL.
 */
function hrefFromReport(out: string, path: string): string {
  const reportDir = join(resolve(out), 'report');
  const target = isAbsolute(path) ? path : join(resolve(out), path);
  const rel = relative(reportDir, target);
  return rel
    .split(/[\\/]+/)
    .map((s) => (s === '..' || s === '.' ? s : encodeURIComponent(s)))
    .join('/');
}

/** Every file path a result names. */
function resultPaths(r: EpisodeResult): string[] {
  const paths: (string | undefined)[] = [r.final?.html, r.final?.screenshot, r.trace];
  for (const s of r.steps ?? []) {
    paths.push(...(s.downloads ?? []));
    const c = s.compare;
    if (c) paths.push(c.images?.recorded, c.images?.live, c.images?.diff, c.images?.fullPage, c.aria, c.html?.recorded, c.html?.live);
  }
  return [...new Set(paths.filter((p): p is string => typeof p === 'string' && p.length > 0))];
}

export function chunkEntry(out: string, n: number, r: EpisodeResult): ChunkEntry {
  const hrefs: Record<string, string> = {};
  for (const p of resultPaths(r)) hrefs[p] = hrefFromReport(out, p);
  const entry: ChunkEntry = { n, result: r, hrefs };
  if (r.trace) entry.tracePath = isAbsolute(r.trace) ? r.trace : join(resolve(out), r.trace);
  return entry;
}

const clip = (s: string | undefined) => (s === undefined || s.length <= LIST_TEXT_MAX ? s : `${s.slice(0, LIST_TEXT_MAX - 1)}…`);

export function listEntry(n: number, r: EpisodeResult, chunk: number): ListEntry {
  const steps = r.steps ?? [];
  const failed = r.failedStep !== undefined ? steps.find((s) => s.index === r.failedStep) : undefined;
  const entry: ListEntry = {
    n,
    id: r.episode,
    format: String(r.format),
    status: r.status,
    drift: r.drift?.length ?? 0,
    steps: steps.length,
    ran: steps.filter((s) => s.status !== 'skipped').length,
    durationMs: r.durationMs ?? 0,
    chunk,
  };
  if (r.reason) entry.reason = r.reason;
  if (r.failedStep !== undefined) entry.failedStep = r.failedStep;
  if (failed) entry.failedWhat = failed.description;
  if (r.firstDivergence !== undefined) entry.firstDivergence = r.firstDivergence;
  if (r.instruction) entry.instruction = clip(r.instruction);
  if (r.message) entry.message = clip(r.message);
  return entry;
}

export function emptyTotals(): Totals {
  return {
    episodes: { total: 0, passed: 0, failed: 0, error: 0, passedUnverified: 0, passedWithUnverifiedSteps: 0 },
    steps: { total: 0, passed: 0, failed: 0, skipped: 0, 'needs-input': 0 },
    reasons: {},
    divergences: {},
    formats: {},
    firstFailure: {},
    firstDivergence: {},
    durationMs: 0,
  };
}

const bump = (m: Record<string, number>, k: string | number) => {
  m[k] = (m[k] ?? 0) + 1;
};

export function addToTotals(t: Totals, r: EpisodeResult): void {
  t.episodes.total += 1;
  if (r.status in t.episodes) t.episodes[r.status] += 1;
  if (passedUnverified(r)) t.episodes.passedUnverified += 1;
  if (r.status === 'passed' && (r.steps ?? []).some((s) => s.status === 'passed' && s.effect?.status === 'unverified'))
    t.episodes.passedWithUnverifiedSteps += 1;
  bump(t.formats, String(r.format));
  if (r.reason) bump(t.reasons, r.reason);
  if (r.failedStep !== undefined) bump(t.firstFailure, r.failedStep);
  if (r.firstDivergence !== undefined) bump(t.firstDivergence, r.firstDivergence);
  t.durationMs += r.durationMs ?? 0;
  for (const s of r.steps ?? []) {
    t.steps.total += 1;
    if (s.status in t.steps) t.steps[s.status] += 1;
    if (s.compare && s.compare.verdict !== 'match') for (const why of s.compare.reasons ?? []) bump(t.divergences, why);
  }
}
