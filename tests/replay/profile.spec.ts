import { expect, test } from '@playwright/test';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PhaseTotals } from '../../src/replay/profile.js';
import { useLiveSite } from '../support/live-site.js';
import { replayFixture } from '../support/replay.js';

const live = useLiveSite();
const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** The phase families docs/benchmarks.md's profiling table names (`step.*`, `run.*`…). */
function documentedFamilies(): string[] {
  const docs = readFileSync(join(ROOT, 'docs', 'benchmarks.md'), 'utf8');
  const table = docs.slice(docs.indexOf('## Profiling a replay'));
  return [...table.matchAll(/^\| (.+?) \|/gm)].flatMap(([, cell]) => [...cell!.matchAll(/`([a-z-]+)\.\*`/g)].map((m) => m[1]!));
}

/** Every phase name the source can print: the first argument of each `timed(…)`/`timedSync(…)`, up to any `${…}`. */
function phasesInSource(dir = join(ROOT, 'src')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return phasesInSource(path);
    if (!e.name.endsWith('.ts')) return [];
    return [...readFileSync(path, 'utf8').matchAll(/\btimed(?:Sync)?\(\s*['`]([^'`$]+)/g)].map((m) => m[1]!);
  });
}

/** Replays with REPLAYWRIGHT_PROFILE set to `profile` (null: unset) and returns the result with the profile lines printed. */
async function profiled(id: string, options: Parameters<typeof replayFixture>[3] = {}, profile: string | null = '1') {
  const lines: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  const before = process.env.REPLAYWRIGHT_PROFILE;
  if (profile === null) delete process.env.REPLAYWRIGHT_PROFILE;
  else process.env.REPLAYWRIGHT_PROFILE = profile;
  process.stderr.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
    if (String(chunk).startsWith('replaywright-profile ')) lines.push(String(chunk));
    else return write(chunk, ...rest);
    return true;
  }) as typeof process.stderr.write;
  try {
    const result = await replayFixture(live.browser, id, live.site.url, options);
    return { result, lines };
  } finally {
    process.stderr.write = write;
    if (before === undefined) delete process.env.REPLAYWRIGHT_PROFILE;
    else process.env.REPLAYWRIGHT_PROFILE = before;
  }
}

test('REPLAYWRIGHT_PROFILE=1 prints one line per episode with the time of each phase; the final state and its step share one capture', async () => {
  const { result, lines } = await profiled('tax-submit-declaration@1.49');
  expect(result.status).toBe('passed');
  expect(lines).toHaveLength(1);
  const line = JSON.parse(lines[0]!.slice('replaywright-profile '.length)) as { episode: string; totalMs: number; phases: PhaseTotals };
  expect(line.episode).toBe('tax-submit-declaration@1.49');
  const compared = result.steps.filter((s) => s.compare).length;
  expect(line.phases['step.run']!.n).toBe(result.steps.length);
  // step.run split by action type: the same steps, each under its own type.
  const byType = new Map<string, number>();
  for (const s of result.steps) byType.set(s.action, (byType.get(s.action) ?? 0) + 1);
  const split = Object.entries(line.phases).filter(([phase]) => phase.startsWith('step.run.'));
  expect(Object.fromEntries(split.map(([phase, t]) => [phase.slice('step.run.'.length), t.n]))).toEqual(Object.fromEntries(byType));
  for (const phase of Object.keys(line.phases)) expect(documentedFamilies(), phase).toContain(phase.split('.')[0]);
  expect(line.phases['step.compare']!.n).toBe(compared);
  // The trailing closePage's before-state is the final state: captured once, for both.
  expect(result.final?.verified).toBe(true);
  expect(line.phases['final.screenshot']!.n).toBe(1);
  expect(line.phases['capture.screenshot']!.n).toBe(compared - 1);
  expect(result.steps.at(-1)!.compare).toMatchObject({ verdict: 'match' });
  expect(result.steps.at(-1)!.compare!.reusedCapture).toBeUndefined();
  expect(line.totalMs).toBeGreaterThanOrEqual(line.phases['step.run']!.ms);
});

test('pixels compared while the step acts still give that step its verdict and evidence', async () => {
  // The 1.49 recording has the Province dropdown open in the screenshots of steps 7 and 8: visual-only drift there, nowhere else.
  const { result, lines } = await profiled('tax-submit-declaration@1.49');
  expect(lines).toHaveLength(1);
  const drifted = result.steps.filter((s) => s.compare && s.compare.verdict !== 'match').map((s) => s.index);
  expect(drifted).toEqual([6, 7]);
  for (const i of drifted) {
    const c = result.steps[i]!.compare!;
    expect(c).toMatchObject({ verdict: 'drift', reasons: ['visual-only'] });
    expect(c.pixelRatio).toBeGreaterThan(0);
    for (const path of [c.images!.recorded!, c.images!.live!, c.images!.diff!]) expect(existsSync(join(result.out, path))).toBe(true);
    // Drift that does not fail the run: no full page or accessibility tree read for it.
    expect(c.images!.fullPage).toBeUndefined();
    expect(c.aria).toBeUndefined();
  }
  expect(result.drift).toEqual([6, 7]);
});

test('without REPLAYWRIGHT_PROFILE nothing is printed', async () => {
  const { result, lines } = await profiled('library-save-record@1.65', {}, null);
  expect(result.status).toBe('passed');
  expect(lines).toEqual([]);
});

test('every phase the code can profile belongs to a family docs/benchmarks.md explains', () => {
  const families = documentedFamilies();
  expect(families).toEqual(expect.arrayContaining(['step', 'run', 'resolve', 'act', 'capture', 'compare', 'final', 'episode']));
  const phases = phasesInSource();
  expect(phases.length).toBeGreaterThan(40);
  expect(phases).toContain('step.run.');
  expect(phases.filter((p) => !families.includes(p.split('.')[0]!))).toEqual([]);
});
