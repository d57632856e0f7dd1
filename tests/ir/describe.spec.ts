import { expect, test } from '@playwright/test';
import { describeAction } from '../../src/ir/describe.js';

test('a DevTools wait for aria/ elements reads as recorded, not as its Playwright approximation', () => {
  const wait = (aria?: { at: number; name?: string; role?: string }[]) =>
    describeAction({
      type: 'wait',
      elements: { selectors: ['internal:label="Select"i', 'css=#pick'], operator: '>=', count: 1, aria },
    } as Parameters<typeof describeAction>[0]);
  expect(wait()).toBe('wait for at least 1 match of internal:label="Select"i');
  expect(wait([{ at: 0, name: 'Select', role: 'combobox' }])).toBe('wait for at least 1 match of aria/Select[role="combobox"]');
  // Only the first alternative is named; an aria/ one further down leaves it as it is.
  expect(wait([{ at: 1, name: 'Pick' }])).toBe('wait for at least 1 match of internal:label="Select"i');
});
