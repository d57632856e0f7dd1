import { expect, test } from '@playwright/test';
import type { Step } from '../../src/ir/index.js';
import { DEFAULT_REPLAY_OPTIONS } from '../../src/replay/run-episode.js';
import { looksWhileCapturing } from '../../src/replay/look-while-capturing.js';
import { resolveTarget } from '../../src/replay/locate.js';
import { usePage } from '../support/replay.js';

// A step looks for its target while its before-state screenshot is being taken, but touches the
// page in no other way, and does not act, until the comparison has seen it (the gate).
const shared = usePage({ viewport: { width: 600, height: 300 } });

function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void;
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
}

const looked = () => shared.page.evaluate(() => (window as unknown as { looked?: number }).looked ?? 0);

test('the first look (count and probe) runs before the gate opens; the answer comes only after', async () => {
  await shared.page.setContent('<button>Save</button>');
  const g = gate();
  const probe = {
    run: (el: Element) => {
      const w = window as unknown as { looked?: number };
      w.looked = (w.looked ?? 0) + 1;
      return el.textContent;
    },
    arg: null,
  };
  let answered = false;
  const resolving = resolveTarget(
    shared.page,
    { locate: [{ kind: 'selector', selector: 'internal:role=button[name="Save"i]' }] },
    { timeoutMs: 2000, probe, gate: g.promise },
  ).then((r) => ((answered = true), r));
  await expect.poll(looked).toBe(1);
  await shared.page.waitForTimeout(100);
  expect(answered).toBe(false);
  g.open();
  const found = await resolving;
  expect(found).toMatchObject({ ok: true, strategy: 'recorded', probed: 'Save' });
});

test('a control shown only on hover is not hovered, nor its rows marked, before the gate opens', async () => {
  await shared.page.setContent(`<style>.row button { display: none } .row:hover button { display: inline }</style>
    <div class="row">Alpha <button>Delete</button></div><div class="row">Bravo <button>Delete</button></div>`);
  await shared.page.mouse.move(590, 290);
  const g = gate();
  const resolving = resolveTarget(
    shared.page,
    { locate: [{ kind: 'selector', selector: 'internal:role=button[name="Delete"i]' }] },
    { timeoutMs: 1500, gate: g.promise },
  );
  await shared.page.waitForTimeout(300);
  const touched = () =>
    shared.page.evaluate(() => ({
      marked: document.querySelectorAll('[data-rw-candidate]').length,
      hovered: document.querySelectorAll('.row:hover').length,
    }));
  expect(await touched()).toEqual({ marked: 0, hovered: 0 });
  g.open();
  // Then it goes on as ever: the hidden matches and every candidate are marked, and with nothing
  // recorded to tell the two rows apart, neither is taken.
  const found = await resolving;
  expect((await touched()).marked).toBeGreaterThanOrEqual(2);
  expect(found.ok).toBe(false);
});

test('overlaps only a step that looks first, has a screenshot to wait for, and is not acted at a recorded point', () => {
  const named = { kind: 'role', role: 'link', name: 'Maidenhair fern' } as const;
  const box = { kind: 'box', box: { x: 10, y: 20, width: 100, height: 18 } } as const;
  const mouse = { button: 'left' as const, modifiers: [], clickCount: 1 };
  const options = { ...DEFAULT_REPLAY_OPTIONS, out: '/tmp/unused' };
  const step = (action: Step['action'], screenshot: string | null = '/recording/1.png'): Step => ({
    index: 1,
    page: 'page',
    action,
    before: screenshot ? { screenshot } : undefined,
    expect: [],
    source: { file: 'flow.json' },
  });
  const click = { type: 'click' as const, ...mouse, target: { locate: [named] } };
  expect(looksWhileCapturing(step(click), options)).toBe(true);
  // VWA element_id: checked at the point and acted there at once.
  expect(looksWhileCapturing(step({ ...click, target: { locate: [named, box], atPoint: true } }), options)).toBe(false);
  expect(looksWhileCapturing(step({ type: 'hover', target: { locate: [named, box], atPoint: true } }), options)).toBe(false);
  // Nothing to wait for: no recorded screenshot, or a comparison that takes none.
  expect(looksWhileCapturing(step(click, null), options)).toBe(false);
  expect(looksWhileCapturing(step(click), { ...options, compare: { ...options.compare, mode: 'dom' } })).toBe(false);
  // The verdict or the capture is needed first.
  expect(looksWhileCapturing(step(click), { ...options, heal: true })).toBe(false);
  expect(looksWhileCapturing(step(click), { ...options, stopAtFirstDivergence: true })).toBe(false);
  // An action that touches the shared.page first (a key press) never overlaps.
  expect(looksWhileCapturing(step({ type: 'press', key: 'Enter', modifiers: [] }), options)).toBe(false);
});
