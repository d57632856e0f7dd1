import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { findChromium, launchOptions } from '../../src/replay/browser.js';
import { FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { cli, STACK } from '../support/cli.js';

// Chrome DevTools Recorder flows in the shape Chrome exports them (fixtures/devtools/garden,
// against fixtures/site/garden), replayed by the CLI. Each passes in @puppeteer/replay too; the
// broken variants fail there as here, at the same step.

const GARDEN = join(FIXTURES, 'devtools', 'garden');
const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const site = useSite();

const results = (out: string) =>
  Object.fromEntries(
    readFileSync(join(out, 'results.jsonl'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l))
      .map((r) => [r.episode, r]),
  );

test('flows as Chrome exports them: shadow DOM, a frame, a select, keyDown/keyUp, popups, waits for several', async () => {
  const out = tempDir('rw-garden-');
  const r = await cli('run', GARDEN, '--out', out, '--map-url', `${RECORDED_ORIGIN}=${site.url}`, '--timeout', '5000', '--workers', '1');
  expect(r.stderr).not.toMatch(STACK);
  const byId = results(out);
  const titles = readdirSync(GARDEN).map((f) => JSON.parse(readFileSync(join(GARDEN, f), 'utf8')).title as string);
  for (const t of titles) expect(byId[t]?.status, `${t}: ${byId[t]?.message}`).toBe('passed');
  expect(r.code).toBe(0);
  // Shift held by a keyDown step reaches the click (Playwright released it when given modifiers: []).
  expect(byId['Shift-click held by keyDown'].steps.at(-1).description).toBe('wait for at least 1 match of text/Shift-click');
  // The popup opened two steps before its first step (the step taken for its opener opens none):
  // found at its recorded URL. (Whether the step notes it depends on when the page event came.)
  const later = byId['Popup used after a main-page step'].steps;
  expect(later.map((s: { page: string; status: string }) => `${s.page} ${s.status}`)).toEqual([
    'page passed',
    'page passed',
    'page passed',
    'page passed',
    'page1 passed',
    'page1 passed',
  ]);
  expect(later[4].url).toBe(`${site.url}/garden/care.html`);
});

test('a waitForElement is checked as @puppeteer/replay checks it: count, absence, attributes', async () => {
  const dir = tempDir('rw-garden-bad-');
  const head = [
    { type: 'setViewport', width: 1280, height: 720, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
    {
      type: 'navigate',
      url: `${RECORDED_ORIGIN}/garden/`,
      assertedEvents: [{ type: 'navigation', url: `${RECORDED_ORIGIN}/garden/`, title: 'Garden Store' }],
    },
  ];
  const flows: Record<string, unknown[]> = {
    'footer gone': [{ type: 'waitForElement', selectors: [['#footer']], operator: '==', count: 0 }],
    'wrong name attribute': [{ type: 'waitForElement', selectors: [['#q'], ['aria/Search plants']], attributes: { name: 'query' } }],
    'four sizes': [{ type: 'waitForElement', selectors: [['#size option']], operator: '>=', count: 5 }],
    'value not typed': [{ type: 'waitForElement', selectors: [['#q']], properties: { value: 'fern' } }],
    'spinner gone': [{ type: 'waitForElement', selectors: [['.spinner']], visible: false }],
    // Puppeteer's aria/ query finds the field, not also the <label> whose text names it.
    'one search field': [{ type: 'waitForElement', selectors: [['aria/Search plants'], ['#q']], operator: '==', count: 1 }],
  };
  for (const [title, steps] of Object.entries(flows))
    writeFileSync(join(dir, `${title.replace(/ /g, '-')}.json`), JSON.stringify({ title, steps: [...head, ...steps] }, null, 2));
  const out = join(dir, 'out');
  const r = await cli('run', dir, '--out', out, '--map-url', `${RECORDED_ORIGIN}=${site.url}`, '--timeout', '1500', '--workers', '1');
  expect(r.stderr).not.toMatch(STACK);
  expect(r.code).toBe(1);
  const byId = results(out);
  const failure = (t: string) => [
    byId[t].status,
    byId[t].failedStep,
    byId[t].steps[2].reason,
    byId[t].steps[2].description,
    byId[t].steps[2].message,
  ];
  expect(failure('footer gone')).toEqual([
    'failed',
    2,
    'assertion-failed',
    'wait for exactly 0 matches of css=#footer',
    'not so after 1500 ms: 1 matched (css=#footer)',
  ]);
  expect(failure('wrong name attribute')).toEqual([
    'failed',
    2,
    'assertion-failed',
    'wait for at least 1 match of css=#q with name="query"',
    'not so after 1500 ms: 1 matched (css=#q), match 1 has name="q", expected "query"',
  ]);
  expect(failure('four sizes')).toEqual([
    'failed',
    2,
    'assertion-failed',
    'wait for at least 5 matches of css=#size option',
    'not so after 1500 ms: 4 matched (css=#size option)',
  ]);
  expect(failure('value not typed')).toEqual([
    'failed',
    2,
    'assertion-failed',
    'wait for at least 1 match of css=#q with .value = "fern"',
    'not so after 1500 ms: 1 matched (css=#q), match 1 has .value = "", expected "fern"',
  ]);
  // `visible: false`: wait until the condition stops holding — there is no spinner, so it passes.
  expect(byId['spinner gone'].status).toBe('passed');
  expect(byId['one search field'].status, byId['one search field'].message).toBe('passed');
});

test('an exported waitForElement imports expect and runs green under @playwright/test', async () => {
  test.setTimeout(120_000);
  const dir = tempDir('rw-garden-export-');
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const r = await cli(
    'export',
    GARDEN,
    '--episode',
    'Rows: wait for several',
    '--to',
    'playwright-test',
    '--out',
    join(dir, 'rows.spec.ts'),
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
  );
  expect(r.code, r.stderr).toBe(0);
  const spec = readFileSync(join(dir, 'rows.spec.ts'), 'utf8');
  expect(spec.split('\n')).toContain("import { test, expect } from '@playwright/test';");
  const config = join(dir, 'playwright.config.mjs');
  writeFileSync(
    config,
    `export default ${JSON.stringify({
      testDir: dir,
      testMatch: '*.spec.ts',
      timeout: 60_000,
      workers: 1,
      retries: 0,
      outputDir: join(dir, 'test-results'),
      reporter: [['json', { outputFile: join(dir, 'report.json') }]],
      use: { browserName: 'chromium', launchOptions: launchOptions(findChromium()), actionTimeout: 4000, trace: 'off' },
    })};\n`,
  );
  const env: NodeJS.ProcessEnv = { ...process.env, FORCE_COLOR: '0' };
  for (const k of Object.keys(env)) if (/^(TEST_|PW_|PLAYWRIGHT_)/.test(k)) delete env[k];
  const code = await new Promise<number>((resolve) =>
    spawn('npx', ['playwright', 'test', '--config', config], { cwd: ROOT, env }).on('close', (c) => resolve(c ?? -1)),
  );
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as { stats: { expected: number; unexpected: number } };
  expect(report.stats).toMatchObject({ expected: 1, unexpected: 0 });
  expect(code).toBe(0);
});

test('a recorded timeout (step or flow) lengthens --timeout for its step and never shortens it', async () => {
  const dir = tempDir('rw-garden-timeout-');
  // The navigation has time of its own (a loaded machine); the wait is the step under test.
  const head = [{ type: 'navigate', url: `${RECORDED_ORIGIN}/garden/late.html`, timeout: 8000 }];
  const wait = { type: 'waitForElement', selectors: [['#late']] };
  const flows: Record<string, { timeout?: number; steps: unknown[] }> = {
    'step timeout': { steps: [...head, { ...wait, timeout: 8000 }] },
    'flow timeout': { timeout: 8000, steps: [...head, wait] },
    'no recorded timeout': { steps: [...head, wait] },
  };
  for (const [title, flow] of Object.entries(flows))
    writeFileSync(join(dir, `${title.replace(/ /g, '-')}.json`), JSON.stringify({ title, ...flow }, null, 2));
  const out = join(dir, 'out');
  // The element comes 1.5 s after load; --timeout 500 alone cannot wait for it.
  const r = await cli(
    'run',
    dir,
    '--out',
    out,
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
    '--timeout',
    '500',
    '--workers',
    '1',
    '--compare',
    'off',
  );
  expect(r.stderr).not.toMatch(STACK);
  const byId = results(out);
  expect(byId['step timeout'].status, byId['step timeout'].message).toBe('passed');
  expect(byId['flow timeout'].status, byId['flow timeout'].message).toBe('passed');
  expect([byId['no recorded timeout'].status, byId['no recorded timeout'].failedStep]).toEqual(['failed', 1]);

  // A recorded 500 ms does not cut a longer --timeout short.
  const short = tempDir('rw-garden-timeout-short-');
  writeFileSync(join(short, 'short.json'), JSON.stringify({ title: 'short recorded timeout', timeout: 500, steps: [...head, wait] }));
  const r2 = await cli(
    'run',
    short,
    '--out',
    join(short, 'out'),
    '--map-url',
    `${RECORDED_ORIGIN}=${site.url}`,
    '--timeout',
    '8000',
    '--workers',
    '1',
    '--compare',
    'off',
  );
  expect(readFileSync(join(short, 'out', 'results.jsonl'), 'utf8')).toContain('"status":"passed"');
  expect(r2.code, r2.stdout + r2.stderr).toBe(0);
});
