import { expect, test } from '@playwright/test';
import { clock, Progress } from '../../src/report/progress.js';

/** A fake stderr and clock: progress is checked write by write, at chosen times. */
function harness(tty: boolean, columns = 100) {
  const writes: string[] = [];
  let now = 1_000_000;
  const progress = new Progress({
    stream: { write: (s: string) => writes.push(s), isTTY: tty, columns },
    tty,
    color: false,
    now: () => now,
    timers: false,
    intervalMs: 10_000,
  });
  return { writes, progress, advance: (ms: number) => (now += ms) };
}

test('TTY: one line redrawn in place with bar, done/total, passed/failed, elapsed and ETA', () => {
  const { writes, progress, advance } = harness(true);
  progress.start(4);
  expect(writes).toEqual([`\r\u001b[2K[${'░'.repeat(30)}]  0/4  ✓ 0  ✗ 0  0s  ETA –`]);
  advance(10_000);
  progress.episodeDone({ status: 'passed' });
  expect(writes.at(-1)).toBe(`\r\u001b[2K[${'█'.repeat(8)}${'░'.repeat(22)}]  1/4  ✓ 1  ✗ 0  10s  ETA 30s`);
  advance(10_000);
  progress.episodeDone({ status: 'failed' });
  advance(10_000);
  progress.episodeDone({ status: 'error' });
  expect(writes.at(-1)).toBe(`\r\u001b[2K[${'█'.repeat(23)}${'░'.repeat(7)}]  3/4  ✓ 1  ✗ 1  ! 1  30s  ETA 10s`);
  advance(65_000);
  progress.tick();
  expect(writes.at(-1)).toBe(`\r\u001b[2K[${'█'.repeat(23)}${'░'.repeat(7)}]  3/4  ✓ 1  ✗ 1  ! 1  1m35s  ETA 32s`);

  // Another write goes between a cleared line and a redraw, never into the bar.
  const before = writes.length;
  progress.interrupt(() => writes.push('PASS some-episode\n'));
  expect(writes.slice(before)).toEqual(['\r\u001b[2K', 'PASS some-episode\n', writes.at(-1)]);

  progress.episodeDone({ status: 'passed' });
  progress.stop();
  expect(writes.slice(-2)).toEqual([`\r\u001b[2K[${'█'.repeat(30)}]  4/4  ✓ 2  ✗ 1  ! 1  1m35s  ETA 0s`, '\n']);
  expect(writes.every((w) => !w.includes('\n') || w === '\n' || w === 'PASS some-episode\n')).toBe(true);
});

test('TTY: a narrow terminal drops the times, then the bar, and never wraps', () => {
  const { writes, progress } = harness(true, 40);
  progress.start(200);
  for (let i = 0; i < 150; i++) progress.episodeDone({ status: i % 3 ? 'passed' : 'failed' });
  const line = writes.at(-1)!.replace('\r\u001b[2K', '');
  expect(line).toBe(`[${'█'.repeat(11)}${'░'.repeat(4)}]  150/200  ✓ 100  ✗ 50`);
  expect(line.length).toBe(39);
  const tiny = harness(true, 20);
  tiny.progress.start(200);
  expect(tiny.writes.at(-1)).toBe('\r\u001b[2K0/200  ✓ 0  ✗ 0');
});

test('no TTY: a plain line at the start, at each further 10 %, every 10 s without one, and at the end', () => {
  const { writes, progress, advance } = harness(false);
  progress.start(20);
  expect(writes).toEqual(['progress: 0/20 episodes (0%), 0 passed, 0 failed, 0 errors, elapsed 0s, ETA –\n']);
  advance(1000);
  progress.episodeDone({ status: 'passed' }); // 5 %: nothing yet
  expect(writes).toHaveLength(1);
  advance(1000);
  progress.episodeDone({ status: 'failed' }); // 10 %
  expect(writes.at(-1)).toBe('progress: 2/20 episodes (10%), 1 passed, 1 failed, 0 errors, elapsed 2s, ETA 18s\n');
  advance(9_000);
  progress.tick(); // 9 s since the last line: not yet
  expect(writes).toHaveLength(2);
  advance(1_000);
  progress.tick(); // 10 s without a line: a heartbeat even without progress
  expect(writes.at(-1)).toBe('progress: 2/20 episodes (10%), 1 passed, 1 failed, 0 errors, elapsed 12s, ETA 1m48s\n');
  advance(10_000);
  progress.episodeDone({ status: 'passed' }); // 15 %, but 10 s passed
  expect(writes).toHaveLength(4);
  progress.episodeDone({ status: 'passed' }); // 20 %
  expect(writes).toHaveLength(5);
  for (let i = 0; i < 16; i++) progress.episodeDone({ status: 'passed' });
  expect(writes).toHaveLength(13); // 30 … 100 %: eight more lines
  progress.stop(); // the last line already says 20/20
  expect(writes).toHaveLength(13);
  expect(writes.at(-1)).toBe('progress: 20/20 episodes (100%), 19 passed, 1 failed, 0 errors, elapsed 22s, ETA 0s\n');
  expect(writes.some((w) => w.includes('\r') || w.includes('\u001b'))).toBe(false);
});

test('no TTY: stop() says where a run ended that had no line for its last episodes', () => {
  const { writes, progress, advance } = harness(false);
  progress.start(100);
  advance(3000);
  progress.episodeDone({ status: 'passed' });
  progress.stop();
  expect(writes).toEqual([
    'progress: 0/100 episodes (0%), 0 passed, 0 failed, 0 errors, elapsed 0s, ETA –\n',
    'progress: 1/100 episodes (1%), 1 passed, 0 failed, 0 errors, elapsed 3s, ETA 4m57s\n',
  ]);
});

test('clock', () => {
  expect([0, 999, 59_400, 60_000, 3_599_000, 3_600_000, 7_380_000].map(clock)).toEqual([
    '0s',
    '1s',
    '59s',
    '1m00s',
    '59m59s',
    '1h00m',
    '2h03m',
  ]);
});
