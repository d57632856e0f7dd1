import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chromium, type BrowserServer } from 'playwright';
import { DEMO_PARAMS, RECORDED_ORIGIN } from '../../src/commands/demo.js';
import { findChromium, launchOptions } from '../../src/replay/browser.js';
import { RPAWEB_FIXTURES, tempDir } from '../support/fixture-site.js';
import { useSite } from '../support/live-site.js';
import { BIN, cli, counts, FIXTURE_IDS, once, results, start, waitFor } from './support.js';

// Real replays through the compiled CLI, several browsers at once: generous timeouts, and no
// assertion on how long anything took.
test.setTimeout(300_000);

const site = useSite();

const replayArgs = () => [
  '--map-url',
  `${RECORDED_ORIGIN}=${site.url}`,
  '--param',
  `verification_code=${DEMO_PARAMS.verification_code}`,
  '--timeout',
  '10000',
];

test('--workers 2: every episode of the fixture dataset is written exactly once, as one whole line', async () => {
  const out = tempDir('rw-workers-');
  const r = await cli('run', RPAWEB_FIXTURES, '--out', out, '--workers', '2', ...replayArgs());
  expect(r.code, r.stderr).toBe(0);
  const lines = results(out);
  expect(counts(lines.map((l) => l.episode))).toEqual(once(FIXTURE_IDS));
  expect(lines.every((l) => l.status === 'passed')).toBe(true);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary).toMatchObject({ episodes: { total: 6, passed: 6 }, workers: 2, exitCode: 0 });
});

test('a run killed with SIGKILL keeps what finished; --resume replays only the rest, each episode once', async () => {
  const out = tempDir('rw-resume-');
  const { child, done } = start([BIN, 'run', RPAWEB_FIXTURES, '--out', out, '--workers', '1', ...replayArgs()]);
  const first = await waitFor(
    () => {
      const text = (() => {
        try {
          return readFileSync(join(out, 'results.jsonl'), 'utf8');
        } catch {
          return '';
        }
      })();
      return text.includes('\n') ? text.slice(0, text.indexOf('\n') + 1) : undefined;
    },
    120_000,
    'the first results line',
  );
  child.kill('SIGKILL');
  const killed = await done;
  expect(killed.signal).toBe('SIGKILL');

  const before = results(out);
  expect(before.length).toBeGreaterThanOrEqual(1);
  expect(before.length).toBeLessThan(FIXTURE_IDS.length);
  // What a kill in the middle of a write would leave: half a line with no newline.
  appendFileSync(join(out, 'results.jsonl'), '{"episode":"board-add-move-delete@1.65","format":"rpa');

  const resumed = await cli('run', RPAWEB_FIXTURES, '--out', out, '--workers', '2', '--resume', ...replayArgs());
  expect(resumed.code, resumed.stderr).toBe(0);
  expect(resumed.stderr).toContain('dropped: cut off');
  const after = results(out);
  expect(counts(after.map((l) => l.episode))).toEqual(once(FIXTURE_IDS));
  expect(after.every((l) => l.status === 'passed')).toBe(true);
  // The episodes that finished before the kill were kept as they were, not replayed.
  expect(readFileSync(join(out, 'results.jsonl'), 'utf8').startsWith(first)).toBe(true);
  for (const b of before) expect(after.find((a) => a.episode === b.episode)).toEqual(b);
  // Not replayed again: the resumed run printed a line only for the episodes it replayed.
  for (const b of before) expect(resumed.stdout).not.toContain(`PASS ${b.episode} `);
  const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
  expect(summary).toMatchObject({ episodes: { total: 6, passed: 6 }, resumed: before.length });

  // Without --resume the results file starts fresh.
  const fresh = await cli('run', RPAWEB_FIXTURES, '--out', out, '--workers', '1', '--episode', 'library-save-record@1.65', ...replayArgs());
  expect(fresh.code, fresh.stderr).toBe(0);
  expect(results(out).map((l) => l.episode)).toEqual(['library-save-record@1.65']);
});

test('--connect replays on a remote browser server (one connection per worker)', async () => {
  const server: BrowserServer = await chromium.launchServer({ ...launchOptions(findChromium()), host: '127.0.0.1', port: 0 });
  try {
    const out = tempDir('rw-connect-');
    const ids = ['library-save-record@1.65', 'tax-submit-declaration@1.65'];
    const r = await cli(
      'run',
      RPAWEB_FIXTURES,
      '--out',
      out,
      '--workers',
      '2',
      '--connect',
      server.wsEndpoint(),
      ...ids.flatMap((id) => ['--episode', id]),
      ...replayArgs(),
    );
    expect(r.code, r.stderr).toBe(0);
    expect(counts(results(out).map((l) => l.episode))).toEqual(once(ids));
    const summary = JSON.parse(readFileSync(join(out, 'summary.json'), 'utf8'));
    expect(summary.browser).toMatchObject({ source: 'remote', executablePath: expect.stringMatching(/^ws:\/\/127\.0\.0\.1:\d+\//) });
  } finally {
    await server.close();
  }
  // A server that is not there: exit 2 and a message, not a stack trace.
  const gone = await cli(
    'run',
    RPAWEB_FIXTURES,
    '--out',
    tempDir(),
    '--episode',
    'library-save-record@1.65',
    '--connect',
    'ws://127.0.0.1:9/nothing',
    ...replayArgs(),
  );
  expect(gone.code).toBe(2);
  expect(gone.stderr).toContain('cannot connect to ws://127.0.0.1:9/');
  expect(gone.stderr).not.toContain('nothing'); // the endpoint's path (launchServer's secret) is not logged
  expect(gone.stderr).not.toMatch(/\n\s+at .+:\d+:\d+/);
});

test('--shard 1/2 and 2/2 cover every episode exactly once; merge combines them and recomputes the summary', async () => {
  const [a, b] = [tempDir('rw-shard1-'), tempDir('rw-shard2-')];
  const [r1, r2] = await Promise.all([
    cli('run', RPAWEB_FIXTURES, '--out', a, '--shard', '1/2', '--workers', '1', ...replayArgs()),
    cli('run', RPAWEB_FIXTURES, '--out', b, '--shard', '2/2', '--workers', '1', ...replayArgs()),
  ]);
  expect(r1.code, r1.stderr).toBe(0);
  expect(r2.code, r2.stderr).toBe(0);
  const ids1 = results(a).map((l) => l.episode);
  const ids2 = results(b).map((l) => l.episode);
  expect(ids1.length).toBeGreaterThan(0);
  expect(ids2.length).toBeGreaterThan(0);
  expect(counts([...ids1, ...ids2])).toEqual(once(FIXTURE_IDS));
  expect(JSON.parse(readFileSync(join(a, 'summary.json'), 'utf8')).shard).toBe('1/2');

  const merged = tempDir('rw-merged-');
  const m = await cli('merge', a, b, '--out', merged);
  expect(m.code, m.stderr).toBe(0);
  const lines = results(merged);
  expect(counts(lines.map((l) => l.episode))).toEqual(once(FIXTURE_IDS));
  const summary = JSON.parse(readFileSync(join(merged, 'summary.json'), 'utf8'));
  expect(summary).toMatchObject({ episodes: { total: 6, passed: 6, failed: 0, error: 0 }, exitCode: 0, mergedFrom: [a, b] });
  expect(summary.steps.total).toBe(lines.reduce((n, l) => n + (l as unknown as { steps: unknown[] }).steps.length, 0));
  // The artefacts came along: final.html paths resolve inside the merged folder.
  for (const l of lines as unknown as { final: { html: string } }[])
    expect(readFileSync(join(merged, l.final.html), 'utf8')).toContain('<html');
  // …and so do the reports, over every merged episode.
  expect((readFileSync(join(merged, 'junit.xml'), 'utf8').match(/<testcase /g) ?? []).length).toBe(6);
  expect(existsSync(join(merged, 'report', 'index.html'))).toBe(true);

  // One shard alone: merge says the other is missing.
  const partial = await cli('merge', a, '--out', tempDir());
  expect(partial.stderr).toContain('shards 2/2 are not among the inputs');
});

test('bad --shard and --workers values are usage errors (exit 2)', async () => {
  for (const args of [
    ['--shard', '3/2'],
    ['--shard', 'x'],
    ['--workers', '0'],
  ]) {
    const r = await cli('run', RPAWEB_FIXTURES, '--out', tempDir(), ...args);
    expect(r.code, args.join(' ')).toBe(2);
  }
  const noResults = await cli('merge', tempDir(), '--out', tempDir());
  expect(noResults.code).toBe(2);
  expect(noResults.stderr).toContain('no results.jsonl');
});
