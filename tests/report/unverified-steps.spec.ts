import { expect, test } from '@playwright/test';
import { parseViewport } from '../../src/config/viewport-flag.js';
import { passedLabel, type EpisodeResult, type StepResult } from '../../src/ir/results.js';
import { junitXml } from '../../src/report/junit.js';
import { episodeLine, summaryLines } from '../../src/report/terminal-summary.js';
import { Tally } from '../../src/results/writer.js';

// A pass never hides what it could not check (issue 15): steps whose effect is unverified show.
const step = (index: number, effect: StepResult['effect']): StepResult => ({
  index,
  action: index === 0 ? 'navigate' : 'press',
  description: index === 0 ? 'go to http://x/' : 'press Enter',
  page: 'page',
  status: 'passed',
  durationMs: 1,
  effect,
});
const result = (steps: StepResult[], verified = true): EpisodeResult => ({
  episode: 'e1',
  format: 'devtools-recorder',
  status: 'passed',
  source: { file: 'f.json' },
  durationMs: 10,
  steps,
  final: { url: 'http://x/', html: 'h', screenshot: 's', verified, ...(verified ? {} : { unverifiedReason: 'no recorded end state' }) },
});

test('terminal, JUnit and summary say "passed (N steps unverified)"; a fully checked pass stays plain', () => {
  const checked = result([step(0, { status: 'checked', detail: 'at http://x/' })]);
  const unchecked = result(
    [
      step(0, { status: 'checked', detail: 'at http://x/' }),
      step(1, { status: 'unverified', detail: 'a key press has no effect that can be checked in general' }),
    ],
    false,
  );
  expect(passedLabel(checked)).toBe('passed');
  expect(episodeLine(checked)).not.toContain('unverified');
  expect(passedLabel(unchecked)).toBe('passed (final state not verifiable, 1 step unverified)');
  expect(episodeLine(unchecked)).toMatch(/^PASS e1 .* passed \(final state not verifiable, 1 step unverified\)$/);
  expect(junitXml([unchecked])).toContain(
    'passed (1 step unverified): step 2 (press Enter): a key press has no effect that can be checked in general',
  );
  const tally = new Tally();
  tally.add(checked);
  tally.add(unchecked);
  const summary = tally.summary({ dataset: 'd', out: 'o', startedAt: '', finishedAt: '', durationMs: 1, problems: [] } as never);
  expect(summary.episodes).toMatchObject({ passed: 2, passedUnverified: 1, passedWithUnverifiedSteps: 1 });
  expect(summaryLines(summary, 'r')[0]).toContain('2 passed (1 final state not verifiable, 1 with unverified steps)');
});

test('--viewport WxH[@scale]: parsed, or a usage error that shows the form', () => {
  expect(parseViewport('1280x719@1.590625')).toEqual({ width: 1280, height: 719, deviceScaleFactor: 1.590625 });
  expect(parseViewport('2036x1144')).toEqual({ width: 2036, height: 1144, deviceScaleFactor: 1 });
  for (const bad of ['1280', '0x10', '1280x720@0', 'wide'])
    expect(() => parseViewport(bad)).toThrow(/--viewport expects WIDTHxHEIGHT\[@SCALE\]/);
});
