import { copyFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { childEnv, counts, FIXTURE_IDS, once, PLAYWRIGHT_CLI, start } from './support.js';

test.setTimeout(420_000);

interface JsonSuite {
  title: string;
  suites?: JsonSuite[];
  specs?: { title: string; tests: { projectName: string; status: string; results: unknown[] }[] }[];
}

const specsOf = (s: JsonSuite): NonNullable<JsonSuite['specs']> => [...(s.specs ?? []), ...(s.suites ?? []).flatMap(specsOf)];

test('the replays project: --shard=1/2 and 2/2 with the blob reporter, merge-reports: every episode ran exactly once', async () => {
  const blobs = [tempDir('rw-blob1-'), tempDir('rw-blob2-')];
  // One shard after the other, one worker each: the suite around us is using the cores too.
  for (const [i, blobDir] of blobs.entries()) {
    const env = childEnv({ PLAYWRIGHT_BLOB_OUTPUT_DIR: blobDir });
    const r = await start(
      [
        PLAYWRIGHT_CLI,
        'test',
        '--project=replays',
        `--shard=${i + 1}/2`,
        '--workers=1',
        '--reporter=blob',
        `--output=${tempDir('rw-pwout-')}`,
      ],
      { env },
    ).done;
    expect(r.code, `${r.stdout}\n${r.stderr}`).toBe(0);
  }
  const all = tempDir('rw-blobs-');
  for (const dir of blobs) for (const f of readdirSync(dir).filter((f) => f.endsWith('.zip'))) copyFileSync(join(dir, f), join(all, f));
  expect(readdirSync(all).length).toBe(2);

  const merged = await start([PLAYWRIGHT_CLI, 'merge-reports', '--reporter=json', all], { env: childEnv() }).done;
  expect(merged.code, merged.stderr).toBe(0);
  const report = JSON.parse(merged.stdout) as { suites: JsonSuite[]; stats: { expected: number; unexpected: number } };
  const specs = report.suites.flatMap(specsOf);
  expect(counts(specs.map((s) => s.title))).toEqual(once(FIXTURE_IDS));
  for (const s of specs) {
    expect(s.tests).toHaveLength(1);
    expect(s.tests[0]).toMatchObject({ projectName: 'replays', status: 'expected' });
    expect(s.tests[0]!.results).toHaveLength(1);
  }
  expect(report.stats).toMatchObject({ expected: 6, unexpected: 0 });
});
