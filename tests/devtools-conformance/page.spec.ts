import { expect, test } from '@playwright/test';
import { opening, said, useConformance } from './both.js';

// navigate, setViewport, scroll, waits, frames, targets, close, network conditions, customStep,
// timeouts: page-level steps and options, each against @puppeteer/replay.

const c = useConformance();
const LOG = "document.getElementById('log').textContent";

test('navigate and setViewport: the page at the recorded size', async () => {
  const r = await c.run(
    {
      title: 'viewport',
      steps: [
        ...opening('hover.html'),
        { type: 'setViewport', width: 600, height: 500, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: false },
      ],
    },
    '[location.pathname, innerWidth, innerHeight]',
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual(['/hover.html', 600, 500]);
  expect(r.oursState).toEqual(r.peerState);
});

// Mid-run, as Puppeteer's page.setViewport does it: device metrics with `mobile` and the scale,
// touch emulation, and a reload when mobile or touch changed (`ontouchstart` exists only in a
// document created with touch on).
test('setViewport with isMobile, hasTouch and deviceScaleFactor: a touch phone from that step on', async () => {
  const phone = { type: 'setViewport', width: 390, height: 700, deviceScaleFactor: 3, isMobile: true, hasTouch: true, isLandscape: false };
  const r = await c.run({ title: 'mobile viewport', steps: [...opening('device.html'), phone] }, 'window.device()');
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual({
    coarse: true,
    touchEvents: true,
    maxTouchPoints: 1,
    dpr: 3,
    width: 390,
    height: 700,
    portrait: true,
    loads: 2,
  });
  expect(r.oursState).toEqual(r.peerState);
  // And back to a desktop: no touch, scale 1, landscape, reloaded again.
  const back = await c.run(
    {
      title: 'mobile and back',
      steps: [
        ...opening('device.html'),
        phone,
        { type: 'setViewport', width: 800, height: 600, deviceScaleFactor: 1, isMobile: false, hasTouch: false, isLandscape: true },
      ],
    },
    'window.device()',
  );
  expect(back.peerError, said(back)).toBeUndefined();
  expect(back.ours.status, said(back)).toBe('passed');
  expect(back.oursState).toEqual({
    coarse: false,
    touchEvents: false,
    maxTouchPoints: 0,
    dpr: 1,
    width: 800,
    height: 600,
    portrait: false,
    loads: 3,
  });
  expect(back.oursState).toEqual(back.peerState);
});

// An element is first brought into view, as Puppeteer's locator does: the box is at the top, so the window goes back to 0.
test('scroll: the window and an overflow box go to the recorded positions, also back up', async () => {
  const r = await c.run(
    {
      title: 'scroll',
      steps: [
        ...opening('scroll.html'),
        { type: 'scroll', x: 0, y: 900 },
        { type: 'scroll', x: 0, y: 400 },
        { type: 'waitForExpression', expression: 'scrollY === 400' },
        { type: 'scroll', selectors: [['#box']], x: 30, y: 250 },
      ],
    },
    'window.state()',
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual({ y: 0, boxTop: 250, boxLeft: 30 });
  expect(r.oursState).toEqual(r.peerState);
});

test("waitForElement counts, waitForExpression runs in the step's frame", async () => {
  const r = await c.run(
    {
      title: 'waits',
      steps: [
        ...opening('wait.html'),
        { type: 'waitForElement', selectors: [['.row']], operator: '==', count: 3 },
        { type: 'waitForExpression', frame: [0], expression: 'window.frameReady === true' },
      ],
    },
    "document.querySelectorAll('.row').length",
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toBe(3);
  expect(r.oursState).toEqual(r.peerState);
});

test('a wait that never holds fails in both: too few elements; an expression true only in the frame, asked of the main page', async () => {
  for (const step of [
    { type: 'waitForElement', selectors: [['.row']], count: 5 },
    { type: 'waitForExpression', expression: 'window.frameReady === true' },
  ]) {
    const r = await c.run(
      { title: `never: ${step.type}`, steps: [...opening('wait.html'), step] },
      "document.querySelectorAll('.row').length",
      1500,
    );
    expect(r.peerError, said(r)).toBeDefined();
    expect([r.ours.status, r.ours.failedStep], said(r)).toEqual(['failed', 2]);
  }
});

test("a recorded step timeout lengthens the run's; without it both time out", async () => {
  // #late comes 3 s after the page: far beyond the 800 ms run timeout even when a loaded machine
  // starts the wait late (at 1.5 s, @puppeteer/replay once started it late enough to pass).
  const late = { type: 'waitForElement', selectors: [['#late']] };
  const slow = await c.run(
    { title: 'step timeout', steps: [...opening('wait.html'), { ...late, timeout: 5000 }] },
    "document.querySelectorAll('#late').length",
    800,
  );
  expect(slow.peerError, said(slow)).toBeUndefined();
  expect(slow.ours.status, said(slow)).toBe('passed');
  expect(slow.oursState).toBe(1);
  expect(slow.oursState).toEqual(slow.peerState);
  const flowWide = await c.run(
    { title: 'flow timeout', timeout: 5000, steps: [...opening('wait.html'), late] },
    "document.querySelectorAll('#late').length",
    800,
  );
  expect(flowWide.peerError, said(flowWide)).toBeUndefined();
  expect(flowWide.ours.status, said(flowWide)).toBe('passed');
  const none = await c.run(
    { title: 'no timeout', steps: [...opening('wait.html'), late] },
    "document.querySelectorAll('#late').length",
    800,
  );
  expect(none.peerError, said(none)).toBeDefined();
  expect([none.ours.status, none.ours.failedStep], said(none)).toEqual(['failed', 2]);
});

test('frame: a change by aria/ inside the iframe, then a click whose navigation happens in the iframe', async () => {
  const r = await c.run(
    {
      title: 'frame',
      steps: [
        ...opening('frame.html'),
        { type: 'change', frame: [0], selectors: [['aria/Query'], ['#q']], value: 'ferns' },
        { type: 'waitForElement', frame: [0], selectors: [['#q']], properties: { value: 'ferns' } },
        {
          type: 'click',
          frame: [0],
          selectors: [['#next']],
          offsetX: 3,
          offsetY: 3,
          assertedEvents: [{ type: 'navigation', url: '{{ORIGIN}}/frame-b.html', title: 'Frame B' }],
        },
        { type: 'waitForElement', frame: [0], selectors: [['#done']] },
      ],
    },
    "[location.pathname, document.getElementById('inner').contentWindow.location.pathname]",
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.ours.steps[2]!.resolvedBy).toBe('recorded');
  expect(r.oursState).toEqual(['/frame.html', '/frame-b.html']);
  expect(r.oursState).toEqual(r.peerState);
});

test('target: a popup page by its URL, then close it', async () => {
  const popup = '{{ORIGIN}}/popup.html';
  const r = await c.run(
    {
      title: 'popup target',
      steps: [
        ...opening('pages.html'),
        { type: 'click', selectors: [['#open']], offsetX: 3, offsetY: 3 },
        { type: 'click', target: popup, selectors: [['#tell']], offsetX: 3, offsetY: 3 },
        { type: 'close', target: popup },
      ],
    },
    "localStorage.getItem('told')",
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect([r.oursState, r.oursPages]).toEqual(['from popup', 1]);
  expect([r.oursState, r.oursPages]).toEqual([r.peerState, r.peerPages]);
});

test("target: a same-origin iframe's URL is no page (nor a target of its own): both fail", async () => {
  const r = await c.run(
    {
      title: 'frame url target',
      steps: [...opening('frame.html'), { type: 'change', target: '{{ORIGIN}}/frame-a.html', selectors: [['#q']], value: 'x' }],
    },
    LOG,
    1500,
  );
  expect(r.peerError, said(r)).toBeDefined();
  expect([r.ours.status, r.ours.failedStep], said(r)).toEqual(['failed', 1]);
  expect(r.ours.reason).toBe('popup-missing');
});

// A cross-site frame is a target of its own: @puppeteer/replay finds it by URL (no page is at
// it) and plays the step in that frame of the main page; assertedEvents, waits and expressions
// are then the frame's too.
test("target: a cross-site iframe's URL runs the steps in that frame", async () => {
  const inner = '{{OTHER}}/xframe-inner.html';
  const r = await c.run(
    {
      title: 'cross-site frame target',
      steps: [
        ...opening(`xframe.html?src=${inner}`),
        { type: 'waitForElement', target: inner, selectors: [['#q']] },
        { type: 'change', target: inner, selectors: [['aria/Query'], ['#q']], value: 'ferns' },
        { type: 'click', target: inner, selectors: [['#go']], offsetX: 3, offsetY: 3 },
        { type: 'waitForElement', target: inner, selectors: [['aria/Done'], ['#done']], operator: '==', count: 1 },
        { type: 'waitForExpression', target: inner, expression: "document.getElementById('done').textContent === 'Done'" },
        { type: 'scroll', target: inner, x: 0, y: 0 },
        // Last: the frame leaves the URL the steps name it by.
        {
          type: 'click',
          target: inner,
          selectors: [['#next']],
          offsetX: 3,
          offsetY: 3,
          assertedEvents: [{ type: 'navigation', url: `${inner}?step=2` }],
        },
      ],
    },
    `[${LOG}, document.querySelector('iframe').src.startsWith('http://localhost:')]`,
  );
  const done = r.ours.steps.at(-1)!;
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.ours.steps[3]!.resolvedBy).toBe('recorded');
  expect(done.status).toBe('passed');
  expect([r.oursState, r.oursPages]).toEqual([['go:ferns;', true], 1]);
  expect([r.oursState, r.oursPages]).toEqual([r.peerState, r.peerPages]);
});

test('emulateNetworkConditions with no throughput takes the page offline', async () => {
  const r = await c.run(
    {
      title: 'offline',
      steps: [
        ...opening('network.html'),
        { type: 'emulateNetworkConditions', download: 0, upload: 0, latency: 0 },
        { type: 'waitForExpression', expression: 'navigator.onLine === false' },
      ],
    },
    `[${LOG}, navigator.onLine]`,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect(r.ours.status, said(r)).toBe('passed');
  expect(r.oursState).toEqual(['offline;', false]);
  expect(r.oursState).toEqual(r.peerState);
});

test('customStep: the peer skips it; we run the other steps too and report it not-supported', async () => {
  const r = await c.run(
    {
      title: 'custom',
      steps: [
        ...opening('keys.html'),
        { type: 'customStep', name: 'lighthouse', parameters: {} },
        { type: 'click', selectors: [['#b']], offsetX: 3, offsetY: 3 },
      ],
    },
    LOG,
  );
  expect(r.peerError, said(r)).toBeUndefined();
  expect([r.ours.status, r.ours.reason, r.ours.failedStep], said(r)).toEqual(['failed', 'not-supported', 2]);
  expect(r.ours.steps.map((s) => s.status)).toEqual(['passed', 'passed', 'failed', 'passed']);
  expect(r.oursState).toBe('click shift=false;');
  expect(r.oursState).toEqual(r.peerState);
});
