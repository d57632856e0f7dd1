import { expect, test } from '@playwright/test';
import { safeUrl } from '../../src/report/html/client/dom.js';
import { filtersHash, matches, parseFilters } from '../../src/report/html/client/filters.js';
import { dur, fig, pct, shellQuote } from '../../src/report/html/client/text.js';
import type { ListEntry } from '../../src/report/html/types.js';

// The report page script's pure parts, run in Node (the page itself is covered in Chromium by report.spec.ts).

test('numbers and durations as the report prints them', () => {
  expect([pct(0.1234), pct(0), pct(1)]).toEqual(['12.3%', '0%', '100%']);
  expect([fig(0.91666), fig(1), fig(0.1)]).toEqual(['0.917', '1', '0.1']);
  expect([dur(12.4), dur(1500), dur(61_000), dur(3_723_000)]).toEqual(['12 ms', '1.5 s', '1 min 1 s', '1 h 2 min']);
});

test('shellQuote leaves plain paths alone and single-quotes the rest', () => {
  expect(shellQuote('out/episodes/a@1.49/trace.zip')).toBe('out/episodes/a@1.49/trace.zip');
  expect(shellQuote("it's here")).toBe(`'it'\\''s here'`);
  expect(shellQuote('a b')).toBe(`'a b'`);
});

test('safeUrl keeps relative and http(s) links, never javascript: or data:', () => {
  expect(safeUrl('episodes/a/final.png')).toBe('episodes/a/final.png');
  expect(safeUrl('#/e/3')).toBe('#/e/3');
  expect(safeUrl('https://example.test/')).toBe('https://example.test/');
  expect(safeUrl('JavaScript:alert(1)')).toBe('#');
  expect(safeUrl('data:text/html,x')).toBe('#');
});

test('filters round-trip through the hash, and match on status, step and text', () => {
  const f = parseFilters('status=failed&q=Garc%C3%ADa&fail=2&page=3');
  expect(f).toEqual({ status: 'failed', format: '', reason: '', q: 'García', fail: '2', div: '', page: 3 });
  expect(filtersHash(f)).toBe('#/?status=failed&q=Garc%C3%ADa&fail=2&page=3');
  expect(filtersHash(parseFilters('page=0'))).toBe('#/');
  const e: ListEntry = {
    n: 0,
    id: 'lib@1',
    format: 'rpaweb',
    status: 'failed',
    failedStep: 2,
    drift: 0,
    steps: 5,
    ran: 3,
    durationMs: 1,
    chunk: 0,
    instruction: 'Search for García',
  };
  expect(matches(e, f)).toBe(true);
  expect(matches(e, { ...f, status: 'passed' })).toBe(false);
  expect(matches(e, { ...f, status: 'passed' }, 'status')).toBe(true);
  expect(matches(e, { ...f, fail: '1' })).toBe(false);
  expect(matches(e, { ...f, q: 'nowhere' })).toBe(false);
});
