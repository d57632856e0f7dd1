import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../support/fixture-site.js';
import { zipContents } from '../support/zip-entries.js';
import { childEnv, PLAYWRIGHT_CLI, start, type Done } from '../scale/support.js';

/** A test of the JSON report: its final result, steps (titles only) and attachments. */
export interface ReportedTest {
  title: string;
  titlePath: string[];
  status: string;
  error?: string;
  steps: string[];
  attachments: { name: string; body?: string; path?: string; contentType: string }[];
}

export interface ReplaysRun extends Done {
  tests: ReportedTest[];
  /** Where everything the run wrote went: `output/` (test-results), `blob/`, `report.json`. */
  dir: string;
}

interface JsonSuite {
  title: string;
  suites?: JsonSuite[];
  specs?: {
    title: string;
    tests: {
      results: { status: string; errors: { message?: string }[]; steps?: { title: string }[]; attachments: ReportedTest['attachments'] }[];
    }[];
  }[];
}

/**
 * `npx playwright test --project=replays` in a child process (one worker), with the list, JSON
 * and blob reporters, every output in a folder of its own.
 */
export async function runReplays(env: Record<string, string>, args: string[] = []): Promise<ReplaysRun> {
  const dir = tempDir('rw-replays-');
  const r = await start(
    [PLAYWRIGHT_CLI, 'test', '--project=replays', '--workers=1', '--reporter=list,json,blob', `--output=${join(dir, 'output')}`, ...args],
    {
      env: childEnv({
        FORCE_COLOR: '0',
        PLAYWRIGHT_JSON_OUTPUT_FILE: join(dir, 'report.json'),
        PLAYWRIGHT_BLOB_OUTPUT_DIR: join(dir, 'blob'),
        ...env,
      }),
    },
  ).done;
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { suites: JsonSuite[] };
  const tests: ReportedTest[] = [];
  const walk = (s: JsonSuite, path: string[]) => {
    for (const spec of s.specs ?? []) {
      const result = spec.tests[0]!.results.at(-1)!;
      tests.push({
        title: spec.title,
        titlePath: [...path, spec.title],
        status: result.status,
        error: result.errors.map((e) => e.message).join('\n') || undefined,
        steps: (result.steps ?? []).map((st) => st.title),
        attachments: result.attachments,
      });
    }
    for (const child of s.suites ?? []) walk(child, [...path, child.title]);
  };
  for (const s of report.suites) walk(s, []);
  return { ...r, tests, dir };
}

/** The `result.json` a test attached (the replay's EpisodeResult). */
export function attachedResult(t: ReportedTest): Record<string, any> {
  const a = t.attachments.find((x) => x.name === 'result.json');
  if (!a) throw new Error(`${t.title}: no result.json attached`);
  return JSON.parse(a.body !== undefined ? Buffer.from(a.body, 'base64').toString('utf8') : readFileSync(a.path!, 'utf8'));
}

/** Every file under `dir` and every entry of every zip in it, zips inside zips too, as [name, bytes]. */
export function everyOutput(dir: string): [string, Buffer][] {
  const found: [string, Buffer][] = [];
  const zipped = (name: string, path: string) => {
    for (const e of zipContents(path)) {
      found.push([`${name}!${e.name}`, e.data]);
      if (e.name.endsWith('.zip')) {
        const inner = join(tempDir('rw-zip-'), 'inner.zip');
        writeFileSync(inner, e.data);
        zipped(`${name}!${e.name}`, inner);
      }
    }
  };
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const path = join(dir, name);
    if (!statSync(path).isFile()) continue;
    found.push([name, readFileSync(path)]);
    if (name.endsWith('.zip')) zipped(name, path);
  }
  return found;
}

export const hits = (outputs: [string, Buffer][], value: string) =>
  outputs.filter(([, bytes]) => bytes.includes(value)).map(([name]) => name);
