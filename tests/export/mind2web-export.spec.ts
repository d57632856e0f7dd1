import { expect, test } from '@playwright/test';
import { loadDataset } from '../../src/formats/load-dataset.js';
import { playwrightTest } from '../../src/export/index.js';
import { M2W_TASKS, TASKS } from '../snapshot/fixtures.js';

// Mind2Web's annotation marker (data-pw-testid-buckeye) was put on the page by the annotation
// tool at action time: a live site never has it, so an exported test must not lean on it.
test('an exported Mind2Web task finds its targets by what the site has (id, name, placeholder, text), not the annotation marker', async () => {
  const data = await loadDataset(M2W_TASKS);
  const tax = data.episodes.find((e) => e.id === TASKS.tax.id)!;
  const spec = playwrightTest(tax);
  const calls = spec.split('\n').filter((l) => l.trim().startsWith('await page.'));
  expect(calls).toHaveLength(TASKS.tax.actions.length);
  expect(calls.filter((l) => /buckeye/.test(l))).toEqual([]);
  // The SELECT's <select> is found by its name, not by getByText of its options' text.
  expect(calls[3]).toMatch(/^\s*await page\.locator\('(\[id=|select\[name=)[^']+'\)\.selectOption\(\{ label: '[^']+' \}\);$/);
});
