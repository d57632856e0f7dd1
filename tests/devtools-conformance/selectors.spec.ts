import { expect, test } from '@playwright/test';
import { opening, said, useConformance } from './both.js';

// Selector kinds and their ordered alternatives, as @puppeteer/replay resolves them: css, xpath,
// pierce (through shadow roots), text, and aria/ through Chrome's accessibility tree.

const c = useConformance();
const LOG = "document.getElementById('log').textContent";

test('css, xpath, pierce and text selectors; a missing first alternative falls to the next', async () => {
  const r = await c.run(
    {
      title: 'selector kinds',
      steps: [
        ...opening('selectors.html'),
        { type: 'click', selectors: [['#css']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['xpath//html/body/button[2]']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['pierce/#inner']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['#host', '#inner']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['#gone'], ['text/By the text']], offsetX: 5, offsetY: 5 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('css;xpath;pierce;pierce;text;');
  expect(r.oursState).toEqual(r.peerState);
});

test("text/ is Puppeteer's text query: case and spaces as written, a field's value, through a shadow root, the innermost match", async () => {
  const r = await c.run(
    {
      title: 'text query',
      steps: [
        ...opening('text.html'),
        // "SAVE NOW" is another text; Playwright's text engine, ignoring case, would find two.
        { type: 'click', selectors: [['text/Save now']], offsetX: 5, offsetY: 5 },
        // "Pay\u00a0 today" does not hold "Pay today": the next alternative is the one.
        { type: 'click', selectors: [['text/Pay today'], ['#later']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['text/Typed value']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['text/Deep inside']], offsetX: 5, offsetY: 5 },
        { type: 'waitForElement', selectors: [['text/Draft saved']], operator: '==', count: 1 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('save;later;field;deep;');
  expect(r.oursState).toEqual(r.peerState);
  // Found by the recorded alternatives themselves (#later is one: Puppeteer races them all), not
  // by the text/ alternatives' Playwright approximations.
  expect(r.ours.steps.slice(2, 6).map((s) => s.resolvedBy)).toEqual(['recorded', 'recorded', 'recorded', 'recorded']);
});

test('the recorded alternatives race, the page-answered ones first; a CSS match that is not shown loses to the aria/ one, where Puppeteer clicks it and hits nothing', async () => {
  const r = await c.run(
    {
      title: 'race',
      steps: [
        ...opening('aria.html'),
        // .pay is one button, hidden; the CSS alternative is asked first and must not win on it.
        { type: 'click', selectors: [['aria/Pay now[role="button"]'], ['.pay']], offsetX: 5, offsetY: 5 },
        // A shown CSS match wins the race: found by a recorded alternative, as recorded.
        { type: 'click', selectors: [['aria/Go[role="button"]'], ['button[aria-label="Go"]']], offsetX: 5, offsetY: 5 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('pay;go;');
  // Puppeteer's race took the hidden .pay (found first) and clicked where it is: nothing there.
  expect(r.peerState).toBe('go;');
  expect(r.ours.steps.slice(2, 4).map((s) => s.resolvedBy)).toEqual(['recorded', 'recorded']);
});

test('aria/Name with no role finds the <select> Chrome names "Select" though its <label> also holds the option names', async () => {
  const r = await c.run(
    {
      title: 'aria name, no role',
      // #nothing matches nothing: the accessibility tree must answer, not a CSS alternative.
      steps: [...opening('aria.html'), { type: 'change', selectors: [['aria/Select'], ['#nothing']], value: 'b' }],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  // Found by the recorded aria/ alternative itself, not by its Playwright approximations.
  expect(r.ours.steps[2]!.resolvedBy).toBe('recorded');
  expect(r.oursState).toBe('fruit=b;');
  expect(r.oursState).toEqual(r.peerState);
});

test('aria/Name[role="x"] matches the computed name and Chrome role: an aria-label, a div with role=button, an image', async () => {
  const r = await c.run(
    {
      title: 'aria name and role',
      steps: [
        ...opening('aria.html'),
        { type: 'click', selectors: [['aria/Go[role="button"]']], offsetX: 5, offsetY: 5 },
        // Two elements read "Proceed"; only the div is a button.
        { type: 'click', selectors: [['aria/Proceed[role="button"]']], offsetX: 5, offsetY: 5 },
        { type: 'click', selectors: [['aria/Logo[role="image"]']], offsetX: 5, offsetY: 5 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('go;div button;logo;');
  expect(r.oursState).toEqual(r.peerState);
});

test('when no recorded alternative matches, both fail; we say which alternatives were tried', async () => {
  const r = await c.run(
    {
      title: 'nothing matches',
      steps: [
        ...opening('aria.html'),
        { type: 'click', selectors: [['aria/Checkout[role="link"]'], ['#checkout']], offsetX: 5, offsetY: 5 },
      ],
    },
    LOG,
    1500,
  );
  expect(r.peerError, said(r)).toBeDefined();
  expect(r.ours.status, said(r)).toBe('failed');
  expect(r.ours.failedStep).toBe(2);
  expect(r.ours.message).toContain('aria/Checkout[role="link"] → 0');
  expect(r.oursState).toBe('');
  expect(r.oursState).toEqual(r.peerState);
});

test('a click without offsetX/offsetY: the peer aims at NaN and times out; we reject the flow naming the field', async () => {
  const r = await c.run(
    { title: 'no offsets', steps: [...opening('selectors.html'), { type: 'click', selectors: [['#css']] }] },
    LOG,
    1500,
  );
  expect(r.peerError, said(r)).toBeDefined();
  expect([r.ours.status, r.ours.reason]).toEqual(['error', 'invalid-input']);
  expect(r.ours.message).toContain('missing (expected number)');
});

// On aria.html Playwright's label/text approximation of `aria/Select` finds nothing (the label also
// holds the option names) and of `aria/Proceed` finds two (the div button and a plain span); the
// accessibility tree names one of each.
test('waitForElement with aria/ counts what the accessibility tree names: count, operator, properties, attributes, visible', async () => {
  const r = await c.run(
    {
      title: 'aria waits',
      steps: [
        ...opening('aria.html'),
        { type: 'waitForElement', selectors: [['aria/Select']], properties: { value: 'a' } },
        { type: 'waitForElement', selectors: [['aria/Proceed']], operator: '==', count: 1, attributes: { role: 'button' } },
        { type: 'waitForElement', selectors: [['aria/Proceed']], operator: '>=', count: 2, visible: false },
        { type: 'waitForElement', selectors: [['aria/Logo[role="image"]']], operator: '<=', count: 1 },
        { type: 'click', selectors: [['aria/Proceed']], offsetX: 5, offsetY: 5 },
      ],
    },
    LOG,
    2000,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe('div button;');
  expect(r.oursState).toEqual(r.peerState);
});

test('waitForElement aria/ for more than the accessibility tree names fails in both', async () => {
  const r = await c.run(
    {
      title: 'aria wait too many',
      steps: [...opening('aria.html'), { type: 'waitForElement', selectors: [['aria/Proceed']], operator: '>=', count: 2 }],
    },
    LOG,
    1500,
  );
  expect(r.peerError, said(r)).toBeDefined();
  expect([r.ours.status, r.ours.reason, r.ours.failedStep], said(r)).toEqual(['failed', 'assertion-failed', 2]);
  expect(r.ours.message).toContain('1 matched (aria/Proceed)');
});
