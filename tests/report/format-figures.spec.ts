import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { FormatTally } from '../../src/results/format-figures.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { tempDir } from '../support/fixture-site.js';
import { cli } from '../support/cli.js';
import { M2W_TASKS, TASKS } from '../snapshot/fixtures.js';

test('per-format figures: found rate and element accuracy are sums over episodes, not averages', () => {
  const r = (format: EpisodeResult['format'], targets?: EpisodeResult['targets']): EpisodeResult => ({
    episode: `${format}-${Math.random()}`,
    format,
    status: 'passed',
    source: { file: 'x' },
    durationMs: 1,
    steps: [],
    targets,
  });
  const tally = new FormatTally();
  tally.add(r('mind2web', { checked: 10, found: 9, onPositive: 8 }));
  tally.add(r('mind2web', { checked: 2, found: 0, onPositive: 0 }));
  tally.add(r('rpaweb', { checked: 4, found: 4 }));
  tally.add(r('rpaweb')); // a live run: no target checks
  tally.add(r('babyagi'));
  expect(tally.figures()).toEqual({
    mind2web: { episodes: 2, targets: { checked: 12, found: 9, onPositive: 8, foundRate: 0.75, elementAccuracy: 0.6667 } },
    rpaweb: { episodes: 2, targets: { checked: 4, found: 4, foundRate: 1 } },
    babyagi: { episodes: 1 },
  });
  expect(new FormatTally().figures()).toBeUndefined();
});

test('snapshot run of Mind2Web tasks: summary.json has the target-found rate and element accuracy', async () => {
  // The library task's first step, with its positive candidate pointing at another element (the
  // next link, node 43; not an ancestor, which would contain the target): the marker still finds
  // the right link, so the target is found, but not on a positive — found rate stays 1, element
  // accuracy drops by one step.
  const tasks = JSON.parse(readFileSync(M2W_TASKS, 'utf8')) as {
    annotation_id: string;
    actions: { pos_candidates: { attributes: string; backend_node_id: string }[] }[];
  }[];
  const library = tasks.find((t) => t.annotation_id === TASKS.library.id)!;
  const pos = library.actions[0]!.pos_candidates[0]!;
  pos.backend_node_id = '43';
  pos.attributes = JSON.stringify({ ...JSON.parse(pos.attributes), backend_node_id: '43' });
  const dir = tempDir('rw-m2w-figures-');
  writeFileSync(join(dir, 'train_0.json'), JSON.stringify(tasks));
  const out = join(dir, 'out');

  const run = await cli('run', join(dir, 'train_0.json'), '--mode', 'snapshot', '--out', out, '--workers', '1');
  expect(run.code, run.stderr).toBe(0);
  const steps = Object.values(TASKS).reduce((n, t) => n + t.actions.length, 0);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary.formats).toEqual({
    mind2web: {
      episodes: 3,
      targets: {
        checked: steps,
        found: steps,
        onPositive: steps - 1,
        foundRate: 1,
        elementAccuracy: Math.round(((steps - 1) / steps) * 10_000) / 10_000,
      },
    },
  });
  expect(run.stdout).toContain(
    `mind2web: targets found ${steps}/${steps} (100.0%), on a positive candidate ${steps - 1}/${steps} (element accuracy ${(((steps - 1) / steps) * 100).toFixed(1)}%)`,
  );
});
