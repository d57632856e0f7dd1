import { cpSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { cli } from '../support/cli.js';
import { writeHealed } from '../../src/commands/heal.js';
import { changedSiteCopy, RPAWEB_FIXTURES, serveSite, tempDir, type FixtureServer } from '../support/fixture-site.js';

// `run --heal`, `approve` and `diff` end to end through the CLI, on the bundled rpaweb recordings
// (Playwright's own 1.49 recorder) against copies of the bundled site that changed under them.
const RECORDED = 'http://127.0.0.1:38080';
const FILE = 'episodes-1.49.jsonl';
const TAX = 'tax-submit-declaration@1.49';
const LIBRARY = 'library-save-record@1.49';

/** The recordings in a folder of their own, so the healed copy and the original can be compared. */
function datasetCopy(): string {
  const dir = tempDir('rw-heal-data-');
  cpSync(join(RPAWEB_FIXTURES, FILE), join(dir, FILE));
  cpSync(join(RPAWEB_FIXTURES, 'png'), join(dir, 'png'), { recursive: true });
  return dir;
}

/** A site copy with several edits to one file. */
function siteWith(file: string, edits: [string, string][]): string {
  const [first, ...rest] = edits;
  const copy = changedSiteCopy(file, first![0], first![1]);
  const path = join(copy, file);
  let text = readFileSync(path, 'utf8');
  for (const [from, to] of rest) {
    expect(text).toContain(from);
    text = text.split(from).join(to);
  }
  writeFileSync(path, text);
  return copy;
}

const run = (dataset: string, out: string, site: FixtureServer, ...extra: string[]) =>
  cli(
    'run',
    dataset,
    '--out',
    out,
    '--map-url',
    `${RECORDED}=${site.url}`,
    '--param',
    'verification_code=482915',
    '--timeout',
    '4000',
    '--trace',
    'off',
    ...extra,
  );

const linesOf = (path: string) => readFileSync(path, 'utf8').split('\n');
const changedLines = (a: string[], b: string[]) => a.flatMap((line, i) => (line === b[i] ? [] : [i]));

test('a renamed button and a changed label: the healed file differs only in those steps, and replays with --strict on the changed site', async () => {
  const data = datasetCopy();
  const site = await serveSite(
    siteWith('tax/index.html', [
      ['Submit declaration', 'Send declaration'],
      ['>Full name<', '>Full legal name<'],
    ]),
  );
  try {
    const out = tempDir('rw-heal-out-');
    // The changed words also change the final page's text: that is the change, not a failure.
    const r = await run(data, out, site, '--episode', TAX, '--heal', '--final-text-min', '0.9');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expect(r.stdout).toMatch(/healed: +\d+ steps? rewritten/);

    const original = linesOf(join(data, FILE));
    const healed = linesOf(join(out, 'healed', FILE));
    const changed = changedLines(original, healed);
    const taxLines = original.flatMap((l, i) => (l.includes(`"id":"${TAX}"`) ? [i] : []));
    // Only tax rows changed, and only their selector/locator: every other field reads the same.
    expect(changed.length).toBeGreaterThanOrEqual(2);
    for (const i of changed) {
      expect(taxLines).toContain(i);
      const [a, b] = [JSON.parse(original[i]!), JSON.parse(healed[i]!)];
      expect({ ...b, json_data: undefined }).toEqual({ ...a, json_data: undefined });
      expect(Object.keys(b.json_data.browserCode)).toEqual(Object.keys(a.json_data.browserCode));
    }
    const codes = changed.map((i) => JSON.parse(healed[i]!).json_data.browserCode);
    expect(codes.map((c) => c.selector)).toEqual(expect.arrayContaining(['internal:role=button[name="Send declaration"i]']));
    const send = codes.find((c) => c.selector.includes('Send declaration'));
    expect(send.locator).toEqual({ kind: 'role', body: 'button', options: { attrs: [], exact: false, name: 'Send declaration' } });
    expect(codes.map((c) => c.selector)).toEqual(expect.arrayContaining(['internal:role=textbox[name="Full legal name"i]']));
    // Nothing else in the folder changed: the screenshots are the recorded ones, byte for byte.
    for (const png of readdirSync(join(data, 'png', TAX)))
      expect(readFileSync(join(out, 'healed', 'png', TAX, png)).equals(readFileSync(join(data, 'png', TAX, png)))).toBe(true);

    const report = readFileSync(join(out, 'healed', 'HEALING.md'), 'utf8');
    expect(report).toContain(`getByRole('button', { name: 'Send declaration' })`);

    // The healed recording needs no fallback on the site it was healed against.
    const strict = await run(
      join(out, 'healed'),
      tempDir('rw-heal-strict-'),
      site,
      '--episode',
      TAX,
      '--strict',
      '--final-text-min',
      '0.9',
    );
    expect(strict.code, strict.stdout + strict.stderr).toBe(0);
    // The original one does.
    const before = await run(data, tempDir('rw-heal-strict0-'), site, '--episode', TAX, '--strict');
    expect(before.code).toBe(1);

    const diff = await cli('diff', data, join(out, 'healed'));
    expect(diff.code).toBe(0);
    expect(diff.stdout).toContain('internal:role=button[name="Submit declaration"i]  →  internal:role=button[name="Send declaration"i]');
  } finally {
    await site.close();
  }
});

test('only confident repairs are written: an ambiguous step, a failed step or a failed episode keep the recorded line, HEALING.md says why', async () => {
  // The decision rule on its own, over a results file as a run writes it.
  const data = datasetCopy();
  const out = tempDir('rw-heal-out-');
  const healed = {
    selector: 'internal:role=button[name="Send declaration"i]',
    description: "getByRole('button', { name: 'Send declaration' })",
  };
  const step = (index: number, extra: object) => ({
    index,
    action: 'click',
    description: `step ${index}`,
    page: 'page',
    durationMs: 1,
    ...extra,
  });
  const episode = (id: string, status: string, steps: object[]) => ({
    episode: id,
    format: 'rpaweb',
    status,
    source: { file: join(data, FILE) },
    durationMs: 1,
    steps,
  });
  writeFileSync(
    join(out, 'results.jsonl'),
    [
      episode(TAX, 'failed', [step(12, { status: 'passed', resolvedBy: 'similarity', score: 0.8, healed })]),
      episode(LIBRARY, 'failed', [
        step(2, { status: 'failed', reason: 'ambiguous-target' }),
        step(3, { status: 'failed', reason: 'timeout', resolvedBy: 'similarity', healed }),
      ]),
    ]
      .map((r) => JSON.stringify(r))
      .join('\n') + '\n',
  );
  const lines = await writeHealed({ dataset: data, out });
  expect(lines.join('\n')).toContain('0 steps rewritten, 3 left as recorded');
  expect(readFileSync(join(out, 'healed', FILE), 'utf8')).toBe(readFileSync(join(data, FILE), 'utf8'));
  const report = readFileSync(join(out, 'healed', 'HEALING.md'), 'utf8');
  expect(report).toContain('| ambiguous: several elements match the recorded target equally well |');
  expect(report).toContain('| the step did not pass (timeout) |');
  expect(report).toContain('| the episode did not pass (failed) |');
});

test("approve replaces only the accepted episode's before-states (html_data and png), never a failed step's", async () => {
  const data = datasetCopy();
  // A visible change on every page, so a replaced before-state is told from the recorded one.
  const site = await serveSite(siteWith('style.css', [['body {', 'body { outline: 3px solid #c00;']]));
  try {
    const out = tempDir('rw-heal-out-');
    const r = await run(data, out, site, '--episode', TAX, '--episode', LIBRARY, '--heal', '--compare', 'off');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const approve = await cli('approve', out, '--episode', LIBRARY);
    expect(approve.code, approve.stdout + approve.stderr).toBe(0);
    expect(approve.stdout).toMatch(/approved 1 episode\(s\): [1-9]\d* before-state page\(s\) and [1-9]\d* screenshot\(s\) replaced/);

    const original = linesOf(join(data, FILE));
    const healed = linesOf(join(out, 'healed', FILE));
    const changed = changedLines(original, healed);
    expect(changed.length).toBeGreaterThan(0);
    for (const i of changed) expect(original[i]).toContain(`"id":"${LIBRARY}"`);
    for (const i of changed) expect(JSON.parse(healed[i]!).html_data).not.toBe(JSON.parse(original[i]!).html_data);
    const pngs = (id: string) =>
      readdirSync(join(data, 'png', id)).map((p) =>
        readFileSync(join(out, 'healed', 'png', id, p)).equals(readFileSync(join(data, 'png', id, p))),
      );
    expect(pngs(TAX).every(Boolean)).toBe(true);
    expect(pngs(LIBRARY).some((same) => !same)).toBe(true);

    const none = await cli('approve', out);
    expect(none.code).toBe(2);
    expect(none.stdout).toContain('--episode');
  } finally {
    await site.close();
  }
});

test('a DevTools Recorder flow gets the new selector as its first alternative, the recorded ones kept after it', async () => {
  const data = tempDir('rw-heal-flow-');
  cpSync(join(RPAWEB_FIXTURES, '..', 'devtools', 'garden', 'search.json'), join(data, 'search.json'));
  const site = await serveSite(
    siteWith('garden/index.html', [
      [
        '<label for="q">Search plants</label> <input id="q" name="q" type="search">',
        '<label for="q">Search all plants</label> <input id="q" name="q" type="search">',
      ],
    ]),
  );
  try {
    const out = tempDir('rw-heal-out-');
    const r = await cli('run', data, '--out', out, '--map-url', `${RECORDED}=${site.url}`, '--timeout', '4000', '--trace', 'off', '--heal');
    expect(r.code, r.stdout + r.stderr).toBe(0);
    const [before, after] = [
      JSON.parse(readFileSync(join(data, 'search.json'), 'utf8')),
      JSON.parse(readFileSync(join(out, 'healed', 'search.json'), 'utf8')),
    ];
    const changed = before.steps.flatMap((s: object, i: number) => (JSON.stringify(s) === JSON.stringify(after.steps[i]) ? [] : [i]));
    expect(changed.length).toBeGreaterThan(0);
    const search = before.steps.flatMap((s: { selectors?: string[][] }, i: number) =>
      s.selectors?.[0]?.[0] === 'aria/Search plants' ? [i] : [],
    );
    expect(search.length).toBeGreaterThan(0);
    for (const i of search) expect(after.steps[i].selectors[0]).toEqual(['aria/Search all plants[role="searchbox"]']);
    for (const i of changed) {
      expect(after.steps[i].selectors.slice(1)).toEqual(before.steps[i].selectors);
      expect({ ...after.steps[i], selectors: undefined }).toEqual({ ...before.steps[i], selectors: undefined });
    }
    const strict = await cli(
      'run',
      join(out, 'healed', 'search.json'),
      '--out',
      tempDir('rw-heal-strict-'),
      '--map-url',
      `${RECORDED}=${site.url}`,
      '--timeout',
      '4000',
      '--trace',
      'off',
      '--strict',
    );
    expect(strict.code, strict.stdout + strict.stderr).toBe(0);
  } finally {
    await site.close();
  }
});
