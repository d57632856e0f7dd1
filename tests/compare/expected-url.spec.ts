import { expect, test } from '@playwright/test';
import { expectedUrls, sameDocument } from '../../src/compare/expected-url.js';
import type { Step } from '../../src/ir/index.js';

const step = (index: number, action: Step['action'], extra: Partial<Step> = {}): Step =>
  ({ index, page: 'page', action, expect: [], ...extra }) as Step;

test('a step right after openPage/navigate on the same page is expected on that URL; a recorded URL wins', () => {
  const steps = [
    step(0, { type: 'openPage', url: 'about:blank' }),
    step(1, { type: 'navigate', url: 'https://example.org/a?x=1' }),
    step(2, { type: 'click', target: { alternatives: [] } } as unknown as Step['action']),
    step(3, { type: 'click', target: { alternatives: [] } } as unknown as Step['action']),
    step(4, { type: 'navigate', url: 'https://example.org/b' }, { page: 'page1' }),
    step(5, { type: 'click', target: { alternatives: [] } } as unknown as Step['action'], { before: { url: 'https://example.org/c' } }),
  ];
  expect(expectedUrls(steps)).toEqual([undefined, undefined, 'https://example.org/a?x=1', undefined, undefined, 'https://example.org/c']);
});

test('same document ignores the fragment, a trailing slash and query order, not the path or the query', () => {
  expect(sameDocument('https://e.org/a/?b=2&a=1#top', 'https://e.org/a?a=1&b=2')).toBe(true);
  expect(sameDocument('https://e.org:443/', 'https://e.org')).toBe(true);
  expect(sameDocument('https://e.org/a', 'https://e.org/b')).toBe(false);
  expect(sameDocument('https://e.org/a?x=1', 'https://e.org/a?x=2')).toBe(false);
});
