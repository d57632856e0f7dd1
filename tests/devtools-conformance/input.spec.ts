import { expect, test } from '@playwright/test';
import { opening, said, useConformance } from './both.js';

// change (text, prefilled, select, non-text inputs, checkbox, contenteditable) and keyDown/keyUp.

const c = useConformance();
const STATE = 'window.state()';
const LOG = "document.getElementById('log').textContent";

test('change by field kind: typed text, the rest of a prefilled value, a date, a range, a checkbox, a select, contenteditable', async () => {
  const change = (selector: string, value: string) => ({ type: 'change', selectors: [[selector]], value });
  const r = await c.run(
    {
      title: 'change kinds',
      steps: [
        ...opening('change.html'),
        change('#empty', 'xyz'), // typed: 3 keys
        change('aria/Name', 'Anna'), // prefilled "Ann": only "a" is typed
        change('#when', '2024-05-17'),
        change('#level', '7'),
        change('#agree', 'on'),
        change('#size', 'm'),
        change('#note', 'hello'), // 5 keys
        change('#bio', 'Ann'), // 3 keys
      ],
    },
    STATE,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual({
    keys: 12,
    name: 'Anna',
    empty: 'xyz',
    when: '2024-05-17',
    level: '7',
    agree: true,
    size: 'm',
    note: 'hello',
    bio: 'Ann',
  });
  expect(r.oursState).toEqual(r.peerState);
});

// Typing fires no change event until the field loses focus, in both.
test('change replaces a prefilled value it does not start with, and leaves an equal one alone', async () => {
  const r = await c.run(
    {
      title: 'change prefilled',
      steps: [
        ...opening('change.html'),
        { type: 'change', selectors: [['#name']], value: 'Bob' },
        { type: 'change', selectors: [['#name']], value: 'Bob' },
      ],
    },
    `[${STATE}, ${LOG}]`,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual([{ keys: 3, name: 'Bob', empty: '', when: '', level: '2', agree: false, size: 's', note: '', bio: '' }, '']);
  expect(r.oursState).toEqual(r.peerState);
});

test('change on an element that is no field fails in both', async () => {
  const r = await c.run(
    { title: 'change a paragraph', steps: [...opening('change.html'), { type: 'change', selectors: [['#heading']], value: 'x' }] },
    LOG,
    1500,
  );
  expect(r.peerError, said(r)).toBeDefined();
  expect([r.ours.status, r.ours.failedStep], said(r)).toEqual(['failed', 2]);
  expect(r.ours.message).toContain('cannot be filled');
});

test('keyDown/keyUp: typed into the focused field, and Shift held for a click', async () => {
  const r = await c.run(
    {
      title: 'keys',
      steps: [
        ...opening('keys.html'),
        { type: 'click', selectors: [['#field']], offsetX: 3, offsetY: 3 },
        { type: 'keyDown', key: 'a' },
        { type: 'keyUp', key: 'a' },
        { type: 'keyDown', key: 'Shift' },
        { type: 'click', selectors: [['#b']], offsetX: 3, offsetY: 3 },
        { type: 'keyUp', key: 'Shift' },
      ],
    },
    `[${LOG}, document.getElementById('field').value]`,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual(['down a;up a;down Shift;click shift=true;up Shift;', 'a']);
  expect(r.oursState).toEqual(r.peerState);
});
