import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { changedSiteCopy, FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { cli, STACK } from '../support/cli.js';

// Recon-Act trajectories of fixtures/site/garden (scripts/make-vwa-garden-fixtures.mjs):
// element_id actions on a shadow-DOM button and on a field inside an iframe, a search submitted
// by TYPE's Enter (one form submits 800 ms late), a popup, tabs, GOTO_URL, pw_code, STOP.

const site = useSite();

test('garden trajectories pass with no false drift: inside an iframe, and a navigation that lands late', async () => {
  const out = tempDir('rw-vwa-garden-');
  const r = await cli(
    'run',
    join(FIXTURES, 'vwa', 'garden'),
    '--out',
    out,
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
    '--timeout',
    '5000',
    '--workers',
    '1',
  );
  expect(r.stderr).not.toMatch(STACK);
  const results = Object.fromEntries(
    readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((x) => [x.episode, x]),
  );
  for (const id of ['search', 'slow-search', 'widgets']) expect(results[id]?.status, `${id}: ${results[id]?.message}`).toBe('passed');
  // No screenshots or HTML in these trajectories: said in VWA's terms, not as "a plain codegen file".
  expect(results.search.final.unverifiedReason).toBe(
    'the recording keeps no page states at all (a visualwebarena episode without recorded HTML or screenshots)',
  );
  expect(r.code).toBe(0);

  // The form submits 800 ms after the Enter: the next step's before-state waits for the recorded URL.
  const slow = results['slow-search'].steps[2];
  expect(slow.compare.verdict).toBe('match');
  expect(slow.compare.url.live).toBe(`${site.url}/garden/results.html?q=fern`);

  // The point check looks inside the iframe under the point, not at the <iframe> element.
  const steps = results.widgets.steps as { description: string; notes?: string[]; pointCheck?: { found: string; match: boolean } }[];
  const email = steps.find((s) => s.description.includes('Email address'))!;
  expect(email.pointCheck).toMatchObject({ match: true, found: `input#email in frame ${site.url}/garden/frame.html` });
  const water = steps.find((s) => s.description === 'click button "Water plant"')!;
  expect(water.pointCheck).toMatchObject({ match: true, found: 'button#water "Water plant"' });
  expect(steps.flatMap((s) => s.notes ?? []).filter((n) => n.startsWith('drift'))).toEqual([]);
});

test.describe('on a changed site', () => {
  // Two paragraphs now stand where "Add to cart" was recorded.
  const changed = useSite(() =>
    changedSiteCopy('garden/plant.html', '<h1 id="name"></h1>', '<h1 id="name"></h1><p>Delivery in 2 days.</p><p>Free returns.</p>'),
  );

  test('a click whose recorded element is not at its point is listed as drift (JUnit, report); it fails no-effect, or with --repair acts on the element found again', async () => {
    for (const repair of [false, true]) {
      const out = tempDir('rw-vwa-garden-drift-');
      const r = await cli(
        'run',
        join(FIXTURES, 'vwa', 'garden', 'search.json'),
        '--out',
        out,
        '--map-url',
        `${RECORDED_ORIGIN}=${changed.url}`,
        '--timeout',
        '5000',
        ...(repair ? ['--repair'] : []),
      );
      expect(r.stderr).not.toMatch(STACK);
      const result = JSON.parse(readFileSync(join(out, 'results.jsonl'), 'utf8'));
      expect(result.steps[3].pointCheck).toMatchObject({
        match: false,
        expected: 'button "Add to cart"',
        found: 'p "Delivery in 2 days."',
        ...(repair ? { repaired: true } : {}),
      });
      expect(result.drift).toEqual([3]);
      expect(readFileSync(join(out, 'junit.xml'), 'utf8')).toContain('drifted steps: 4');
      if (repair) {
        expect(r.stdout).toContain('PASS search  5/5 steps');
        expect(r.stdout).toMatch(/PASS search .* drifted: step 4\b/);
      } else {
        expect(result).toMatchObject({ status: 'failed', reason: 'no-effect', failedStep: 3 });
        expect(r.stdout).toMatch(/FAIL search .* drifted: step 4\b/);
      }
    }
  });
});
