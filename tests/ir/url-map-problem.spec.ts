import { expect, test } from '@playwright/test';
import { formatProblem } from '../../src/ir/problem.js';
import { mapUrl, parseUrlMapping } from '../../src/ir/url-map.js';

test('parseUrlMapping splits FROM=TO at the first = and refuses a missing side', () => {
  expect(parseUrlMapping('http://a.test=http://127.0.0.1:8080')).toEqual({ from: 'http://a.test', to: 'http://127.0.0.1:8080' });
  expect(parseUrlMapping('http://a.test/?q=1=http://b.test')).toEqual({ from: 'http://a.test/?q', to: '1=http://b.test' });
  expect(() => parseUrlMapping('http://a.test')).toThrow('--map-url expects FROM=TO, got "http://a.test"');
  expect(() => parseUrlMapping('=http://b.test')).toThrow('--map-url expects FROM=TO');
  expect(() => parseUrlMapping('http://a.test=')).toThrow('--map-url expects FROM=TO');
});

test('mapUrl replaces the longest matching prefix and leaves other URLs alone', () => {
  const mappings = [
    { from: 'http://shop.test', to: 'http://127.0.0.1:1' },
    { from: 'http://shop.test/admin', to: 'http://127.0.0.1:2/admin' },
  ];
  expect(mapUrl('http://shop.test/cart?x=1', mappings)).toBe('http://127.0.0.1:1/cart?x=1');
  expect(mapUrl('http://shop.test/admin/users', mappings)).toBe('http://127.0.0.1:2/admin/users');
  expect(mapUrl('http://other.test/', mappings)).toBe('http://other.test/');
  expect(mapUrl('http://shop.test/', [])).toBe('http://shop.test/');
});

test('formatProblem pins file (relative to cwd), line, record and field', () => {
  expect(
    formatProblem(
      { file: '/data/set/a.jsonl', line: 12, field: 'json_data.browserCode.selector', message: 'missing', severity: 'error' },
      '/data',
    ),
  ).toBe('set/a.jsonl:12: error: json_data.browserCode.selector: missing');
  expect(formatProblem({ file: '/data/flow.json', record: 'steps[3]', message: 'not replayed', severity: 'warning' }, '/data')).toBe(
    'flow.json:steps[3]: warning: not replayed',
  );
  expect(formatProblem({ file: '/elsewhere/x.json', message: 'no such file or folder', severity: 'error' }, '/data')).toBe(
    '/elsewhere/x.json: error: no such file or folder',
  );
});
