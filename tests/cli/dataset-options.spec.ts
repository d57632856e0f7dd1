import { cpSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { EpisodeResult } from '../../src/ir/results.js';
import { tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { cli, STACK } from '../support/cli.js';
import { BABYAGI_DIR, BABYAGI_METADATA, M2W_TASKS, TASKS } from '../snapshot/fixtures.js';

const results = (out: string): EpisodeResult[] =>
  readFileSync(join(out, 'results.jsonl'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as EpisodeResult);

/** The BabyAGI fixture laid out as data/metadata_0.json with its screenshots in shots/. */
function movedBabyagi(): string {
  const root = tempDir('rw-babyagi-');
  mkdirSync(join(root, 'data'));
  cpSync(BABYAGI_METADATA, join(root, 'data', 'metadata_0.json'));
  cpSync(join(BABYAGI_DIR, 'images'), join(root, 'shots'), { recursive: true });
  return root;
}

test('--images: BabyAGI screenshots from the folder given (inside the dataset or not); images/ next to the metadata by default', async () => {
  const root = movedBabyagi();
  const steps = 10;
  // Default: images/ next to data/metadata_0.json, which is not there: every screenshot dropped, by name.
  const plain = await cli('validate', root);
  expect(plain.code).toBe(0);
  expect(plain.stdout).toContain(`${steps} warnings`);
  expect(plain.stdout).toContain(`in ${join(root, 'data', 'images')}`);

  const chosen = await cli('validate', root, '--images', join(root, 'shots'));
  expect(chosen.stdout).toMatch(/0 errors, 0 warnings/);
  expect(chosen.code).toBe(0);
  const ir = await cli('inspect', root, '--json', '--images', join(root, 'shots'));
  const shots = ir.stdout
    .split('\n')
    .filter(Boolean)
    .flatMap((l) => (JSON.parse(l) as { steps: { before?: { screenshot?: string } }[] }).steps.map((s) => s.before?.screenshot));
  expect(shots).toHaveLength(steps);
  for (const s of shots) expect(s).toMatch(new RegExp(`^${join(root, 'shots')}/(library|tax)_\\d\\.png$`));

  // The default applies next to each metadata file: moving shots/ to data/images/ needs no flag.
  cpSync(join(root, 'shots'), join(root, 'data', 'images'), { recursive: true });
  expect((await cli('validate', root)).stdout).toMatch(/0 errors, 0 warnings/);

  // The folder the user names is taken as given, even outside the dataset folder (issue 15).
  const outside = await cli('validate', root, '--images', join(BABYAGI_DIR, 'images'));
  expect(outside.code, outside.stdout).toBe(0);
  expect(outside.stdout).toMatch(/0 errors, 0 warnings/);
  expect(outside.stdout).toContain('2 episodes (10 steps) decoded');
  expect(outside.stdout + outside.stderr).not.toMatch(STACK);
});

test.describe('--start-url: live Mind2Web against the fixture site', () => {
  const site = useSite();

  test('the library task starts at the URL given for its website and passes; without one it has no page to act on', async () => {
    const out = join(tempDir('rw-m2w-live-'), 'out');
    const run = await cli(
      'run',
      M2W_TASKS,
      '--episode',
      TASKS.library.id,
      '--start-url',
      `citizen-services=${site.url}/`,
      '--out',
      out,
      '--workers',
      '1',
      '--timeout',
      '5000',
    );
    expect(run.code, run.stdout + run.stderr).toBe(0);
    const [r] = results(out);
    expect(r!.status, r!.message).toBe('passed');
    expect(r!.steps.map((s) => s.status)).toEqual(TASKS.library.actions.map(() => 'passed'));
    expect(r!.final?.url).toContain(`${site.url}/library/`);

    // Another website's URL does not apply to this task: it starts on a blank page and fails there.
    const other = join(tempDir('rw-m2w-live-'), 'out');
    const none = await cli(
      'run',
      M2W_TASKS,
      '--episode',
      TASKS.library.id,
      '--start-url',
      `elsewhere=${site.url}/`,
      '--out',
      other,
      '--workers',
      '1',
      '--timeout',
      '1500',
    );
    expect(none.code).toBe(1);
    const [n] = results(other);
    expect(n!.status).toBe('failed');
    expect(n!.failedStep).toBe(0);
    expect(n!.steps[0]!.reason).toBe('target-not-found');
  });
});
