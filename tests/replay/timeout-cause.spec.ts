import { expect, test } from '@playwright/test';
import { timeoutCause } from '../../src/replay/action-blocker.js';

// Error messages as Playwright 1.65.1 threw them (call log coloured with ANSI escapes).
const dim = (l: string) => `\u001b[2m${l}\u001b[22m`;
const err = (lines: string[]) => `locator.click: Timeout 3000ms exceeded.\nCall log:\n${lines.map(dim).join('\n')}\n`;

test('a click whose navigation never loads says the click was done', () => {
  const message = err([
    "  - waiting for getByRole('link', { name: 'Make a transfer' })",
    '    - locator resolved to <a href="/transfer/">Make a transfer</a>',
    '  - attempting click action',
    '    - waiting for element to be visible, enabled and stable',
    '    - element is visible, enabled and stable',
    '    - scrolling into view if needed',
    '    - done scrolling',
    '    - performing click action',
    '    - click action done',
    '    - waiting for scheduled navigations to finish',
  ]);
  expect(timeoutCause(message)).toBe('The action was done, but the page it navigated to did not finish loading in time.');
});

test('a disabled or covered target is named; a timeout whose log says neither gets nothing', () => {
  const disabled = err([
    "  - waiting for getByRole('button')",
    '    - locator resolved to <button disabled>Go</button>',
    '  - attempting click action',
    '    2 × waiting for element to be visible, enabled and stable',
    '      - element is not enabled',
    '    - retrying click action',
    '    - waiting 20ms',
  ]);
  expect(timeoutCause(disabled)).toBe('The target was there but never actionable: element is not enabled');
  const covered = err([
    '  - attempting click action',
    '      - done scrolling',
    '      - <div id="cookie-wall">…</div> intercepts pointer events',
    '    - retrying click action',
    '      - waiting 500ms',
  ]);
  expect(timeoutCause(covered)).toBe('The target was there but never actionable: <div id="cookie-wall">…</div> intercepts pointer events');
  expect(timeoutCause(err(["  - waiting for getByRole('button')"]))).toBeUndefined();
  expect(timeoutCause('locator.click: Timeout 3000ms exceeded.')).toBeUndefined();
});
