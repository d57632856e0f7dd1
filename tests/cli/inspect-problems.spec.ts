import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { cli, STACK } from '../support/cli.js';

// `inspect` printed nothing at all for a file whose only episode decoded into nothing (a
// Mind2Web task with no actions): its warning belongs to that episode, and only problems of no
// episode were printed.
test('inspect prints the problem of an episode that decoded into nothing', async () => {
  const dir = tempDir('rw-inspect-');
  const [task] = JSON.parse(readFileSync(join(FIXTURES, 'mind2web', 'tasks.json'), 'utf8')) as Record<string, unknown>[];
  writeFileSync(join(dir, 'empty.json'), JSON.stringify([{ ...task, actions: [], action_reprs: [] }]));
  const r = await cli('inspect', dir);
  expect(r.stderr).not.toMatch(STACK);
  expect(r.stdout).toBe(`${join(dir, 'empty.json')}:1:[0]: warning: no actions: nothing to replay\n`);
  expect(r.code).toBe(0);
});
