import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { changedSiteCopy, RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { cli, STACK } from '../support/cli.js';

// The catalogue's heading changed: steps 4–6 of library-save-record@1.49 drift (content-drift), nothing diverges.
const site = useSite(() =>
  changedSiteCopy('library/index.html', '<h1>Public library catalogue</h1>', '<h1>Public library catalogue (new)</h1>'),
);

const run = async (...flags: string[]) => {
  const out = tempDir('rw-out-');
  const r = await cli(
    'run',
    RPAWEB_FIXTURES,
    '--episode',
    'library-save-record@1.49',
    '--out',
    out,
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
    '--trace',
    'off',
    ...flags,
  );
  const results =
    r.code === 2
      ? []
      : readFileSync(join(out, 'results.jsonl'), 'utf8')
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l));
  return { ...r, result: results[0] };
};

test('--fail-on: drift fails (exit 1, reason drift); the default and never pass the same replay (exit 0)', async () => {
  const byDefault = await run();
  expect(byDefault.code, byDefault.stderr).toBe(0);
  expect(byDefault.result).toMatchObject({ status: 'passed', drift: [3, 4, 5] });

  const drift = await run('--fail-on', 'drift');
  expect(drift.code, drift.stderr).toBe(1);
  expect(drift.result).toMatchObject({ status: 'failed', reason: 'drift', drift: [3, 4, 5] });
  expect(drift.result.message).toContain('(--fail-on drift)');

  const never = await run('--fail-on', 'never');
  expect(never.code, never.stderr).toBe(0);

  const bad = await run('--fail-on', 'sometimes');
  expect(bad.code).toBe(2);
  expect(bad.stderr).not.toMatch(STACK);
  expect(bad.stderr).toContain('fail-on');
});
