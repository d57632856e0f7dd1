import { test } from '@playwright/test';
import { visualwebarena } from '../../src/formats/visualwebarena.js';
test('scratch', async () => {
  const root = 'tests/formats/data/vwa';
  const out = await visualwebarena.decodeFile(`${root}/recon-act/classifieds_41.json`, { datasetRoot: root });
  console.log(JSON.stringify({ problems: out.problems, rejected: out.rejected, n: out.recordsRead }, null, 1));
  for (const e of out.episodes) console.log(JSON.stringify(e, (k, v) => (k === 'meta' ? { ...v, steps: (v.steps as unknown[]).length } : v), 1));
});
