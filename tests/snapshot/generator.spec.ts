import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect, test } from '@playwright/test';
import { FIXTURES } from '../support/fixture-site.js';

const SCRIPT = join(FIXTURES, '..', 'scripts', 'make-dataset-fixtures.mjs');

/**
 * Layout numbers depend on the machine's fonts; everything else (ids, node ids, markers,
 * candidates, reprs, trajectories) depends only on the site and the script.
 */
function withoutGeometry(file: string): string {
  const text = readFileSync(file, 'utf8').replace(/bounding_box_rect(=\\"|\\": \\")[-\d.,]+/g, 'bounding_box_rect$1*');
  if (!file.endsWith('metadata_0.json')) return text;
  const trajectories = JSON.parse(text) as { trajectory: { action_options: { top_left: number[]; bottom_right: number[] }[] }[] }[];
  for (const o of trajectories.flatMap((t) => t.trajectory.flatMap((s) => s.action_options))) {
    o.top_left = [0, 0];
    o.bottom_right = [0, 0];
  }
  return JSON.stringify(trajectories);
}

test('the committed Mind2Web/MT/baby-agi fixtures are what scripts/make-dataset-fixtures.mjs makes', async () => {
  test.slow(); // drives the site in Chromium: ~30 s on a quiet machine
  const out = test.info().outputPath('regenerated');
  const { stdout } = await promisify(execFile)(process.execPath, [SCRIPT, '--out', out], { cwd: join(FIXTURES, '..') });
  expect(stdout).toContain('mind2web/tasks.json');

  const files = (dir: string) =>
    readdirSync(dir)
      .filter((f) => !f.startsWith('.'))
      .sort();
  expect(files(join(out, 'mind2web'))).toEqual(['broken-tasks.json', 'mt-conversation.json', 'tasks.json']);
  expect(files(join(out, 'mind2web'))).toEqual(files(join(FIXTURES, 'mind2web')));
  expect(files(join(out, 'babyagi'))).toEqual(['images', 'metadata_0.json']);
  expect(files(join(out, 'babyagi', 'images'))).toEqual(files(join(FIXTURES, 'babyagi', 'images')));
  expect(files(join(out, 'babyagi', 'images'))).toHaveLength(10);

  for (const f of ['mind2web/tasks.json', 'mind2web/broken-tasks.json', 'mind2web/mt-conversation.json', 'babyagi/metadata_0.json']) {
    expect(withoutGeometry(join(out, f)), f).toBe(withoutGeometry(join(FIXTURES, f)));
  }
  for (const f of files(join(out, 'babyagi', 'images'))) {
    const png = readFileSync(join(out, 'babyagi', 'images', f));
    expect([png.readUInt32BE(16), png.readUInt32BE(20)], f).toEqual([2036, 1144]);
  }
});
