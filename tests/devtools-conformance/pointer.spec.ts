import { expect, test } from '@playwright/test';
import { opening, said, useConformance } from './both.js';

// click / doubleClick (button, offsets, duration, deviceType) and hover, as @puppeteer/replay plays them.

const c = useConformance();
const LOG = "document.getElementById('log').textContent";

test('a click at a recorded offset lands there though an <svg> covers the button (no hit-test wait)', async () => {
  // The <svg> fills the button: the click lands on it at the recorded offset and bubbles to the button.
  // Then the corner of a circle's box: Playwright's hit-test waits there ("<svg> intercepts pointer
  // events") until it times out; the recording says the user clicked there, so the <svg> gets it.
  const r = await c.run(
    {
      title: 'svg icon',
      steps: [
        ...opening('click.html'),
        { type: 'click', selectors: [['#icon']], offsetX: 90, offsetY: 20 },
        { type: 'click', selectors: [['#shape circle']], offsetX: 2, offsetY: 2 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('svg 88;icon;svg under svg;'); // 90 from the button's border edge, 88 from the svg's
  expect(r.oursState).toEqual(r.peerState);
});

test('buttons: secondary, auxiliary, back and forward (CDP), each at its recorded offset', async () => {
  const click = (button: string, x: number) => ({ type: 'click', selectors: [['#pad']], offsetX: x, offsetY: 10, button });
  const r = await c.run(
    {
      title: 'buttons',
      steps: [
        ...opening('click.html'),
        click('primary', 11),
        click('secondary', 12),
        click('auxiliary', 13),
        click('back', 14),
        click('forward', 15),
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('button 0 at 11,10;contextmenu;button 2 at 12,10;button 1 at 13,10;button 3 at 14,10;button 4 at 15,10;');
  expect(r.oursState).toEqual(r.peerState);
});

test('a back-button click goes back in history, a forward-button click forward, in both', async () => {
  const side = (button: string) => ({ type: 'click', selectors: [['body']], offsetX: 5, offsetY: 5, button });
  const r = await c.run(
    {
      title: 'history buttons',
      steps: [
        ...opening('hover.html'),
        { type: 'navigate', url: '{{ORIGIN}}/keys.html' },
        side('back'),
        { type: 'waitForExpression', expression: "location.pathname === '/hover.html'" },
        side('forward'),
        { type: 'waitForExpression', expression: "location.pathname === '/keys.html'" },
      ],
    },
    'location.pathname',
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('/keys.html');
  expect(r.oursState).toEqual(r.peerState);
});

test('duration holds the button down; doubleClick fires dblclick; deviceType touch still clicks with the mouse', async () => {
  const r = await c.run(
    {
      title: 'duration, double, touch',
      steps: [
        ...opening('click.html'),
        { type: 'click', selectors: [['#press']], offsetX: 5, offsetY: 5, duration: 600 },
        { type: 'click', selectors: [['#press']], offsetX: 5, offsetY: 5 },
        { type: 'doubleClick', selectors: [['#dbl']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['#pad']], offsetX: 20, offsetY: 30, deviceType: 'touch' },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('long press;short press;dbl;button 0 at 20,30;');
  expect(r.oursState).toEqual(r.peerState);
  expect(r.ours.steps[5]!.notes ?? []).toEqual([]);
});

test('hover moves the mouse onto the element: a :hover menu opens and its item can be clicked', async () => {
  const r = await c.run(
    {
      title: 'hover',
      steps: [
        ...opening('hover.html'),
        { type: 'hover', selectors: [['#menu']] },
        { type: 'click', selectors: [['text/Item']], offsetX: 3, offsetY: 3 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('enter;item;');
  expect(r.oursState).toEqual(r.peerState);
});
