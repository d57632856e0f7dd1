import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import type { Browser } from 'playwright';
import { loadDataset } from '../../src/formats/load-dataset.js';
import type { Episode } from '../../src/ir/index.js';
import { runSnapshotEpisode } from '../../src/replay/snapshot/run-snapshot-episode.js';
import type { EpisodeResult } from '../../src/ir/results.js';
import { RPAWEB_FIXTURES } from '../support/fixture-site.js';
import { launch } from '../support/replay.js';
import { BROKEN, M2W_BROKEN, M2W_TASKS, MT, MT_CONVERSATION, SNAPSHOT_OPTIONS, TASKS } from './fixtures.js';
import { sharedSample } from '../support/shared-samples.js';

let browser: Browser;
test.beforeAll(async () => {
  browser = await launch();
});
test.afterAll(async () => {
  await browser?.close();
});

async function episodes(path: string): Promise<Map<string, Episode>> {
  const data = await loadDataset(path);
  return new Map(data.episodes.map((e) => [e.id, e]));
}
const snapshot = (episode: Episode) => runSnapshotEpisode(browser, episode, SNAPSHOT_OPTIONS);
const stepView = (r: EpisodeResult) => r.steps.map((s) => [s.index, s.action, s.status, s.reason, s.resolvedBy]);

test.describe('snapshot replay of the generated Mind2Web tasks', () => {
  for (const [name, task] of Object.entries(TASKS)) {
    test(`${name}: every step's target is found on its own raw_html, on the recorded positive`, async () => {
      const episode = (await episodes(M2W_TASKS)).get(task.id)!;
      const r = await snapshot(episode);
      expect(r.status, r.message).toBe('passed');
      expect(r.failedStep).toBeUndefined();
      // Found by the annotator's marker (restored as an attribute selector), never by anything fuzzy.
      expect(stepView(r)).toEqual(task.actions.map((action, i) => [i, action, 'passed', undefined, 'css']));
      expect(r.targets).toEqual({ checked: task.actions.length, found: task.actions.length, onPositive: task.actions.length });
      expect(r.targets!.onPositive).toBe(r.targets!.checked);
    });
  }

  test('MT-Mind2Web: both turns of the conversation pass, each on its own before-states', async () => {
    const all = await episodes(MT_CONVERSATION);
    for (const [t, turn] of MT.turns.entries()) {
      const r = await snapshot(all.get(`${MT.taskId}#${t}`)!);
      expect(r.status, r.message).toBe('passed');
      expect(stepView(r)).toEqual(turn.actions.map((action, i) => [i, action, 'passed', undefined, 'css']));
      expect(r.targets).toEqual({ checked: turn.actions.length, found: turn.actions.length, onPositive: turn.actions.length });
    }
  });
});

test.describe('snapshot replay of the broken Mind2Web tasks', () => {
  test('a positive whose node is gone and no marker: that step fails target-not-found, the others still pass', async () => {
    const r = await snapshot((await episodes(M2W_BROKEN)).get(BROKEN.targetGone)!);
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('target-not-found');
    expect(r.failedStep).toBe(1);
    // Snapshot replay checks every step on its own evidence: a broken step does not hide the rest.
    expect(stepView(r)).toEqual([
      [0, 'click', 'passed', undefined, 'css'],
      [1, 'fill', 'failed', 'target-not-found', undefined],
      [2, 'press', 'passed', undefined, 'css'],
      [3, 'click', 'passed', undefined, 'css'],
    ]);
    const uid = TASKS.library.actionUids[1];
    expect(r.steps[1]!.message).toBe(`nothing matched within 2000 ms ([data-pw-testid-buckeye="${uid}"] → 0; backend_node_id=1111 → 0)`);
    expect(r.message).toBe(`step 2 (${r.steps[1]!.description}): ${r.steps[1]!.message}`);
    expect(r.targets).toEqual({ checked: 4, found: 3, onPositive: 3 });
  });

  test('a SELECT of a value the recorded select does not offer fails option-missing, naming the options', async () => {
    const r = await snapshot((await episodes(M2W_BROKEN)).get(BROKEN.optionMissing)!);
    expect(r.status).toBe('failed');
    expect(r.reason).toBe('option-missing');
    expect(r.failedStep).toBe(3);
    expect(stepView(r)).toEqual([
      [0, 'click', 'passed', undefined, 'css'],
      [1, 'fill', 'passed', undefined, 'css'],
      [2, 'fill', 'passed', undefined, 'css'],
      [3, 'select', 'failed', 'option-missing', undefined],
      [4, 'click', 'passed', undefined, 'css'],
      [5, 'click', 'passed', undefined, 'css'],
    ]);
    // "— choose —" lost its dashes to Mind2Web's ASCII filter; labels are what the select shows.
    expect(r.steps[3]!.message).toBe(
      'option "Girona" not available (has: "" (choose), "b" (Barcelona), "m" (Madrid), "se" (Sevilla), "v" (Valencia), "z" (Zaragoza))',
    );
    // The target was found (on its positive), only the operation does not fit.
    expect(r.targets).toEqual({ checked: 6, found: 6, onPositive: 6 });
  });

  test('a step without raw_html is skipped, not failed; the task passes on the steps it has evidence for', async () => {
    const r = await snapshot((await episodes(M2W_BROKEN)).get(BROKEN.noRawHtml)!);
    expect(r.status, r.message).toBe('passed');
    expect(r.steps.map((s) => [s.index, s.status, s.message])).toEqual([
      [0, 'passed', undefined],
      [1, 'skipped', 'no recorded before-state'],
      [2, 'passed', undefined],
    ]);
    expect(r.targets).toEqual({ checked: 2, found: 2, onPositive: 2 });
  });

  test('the records that were rejected never become episodes', async () => {
    const all = await episodes(M2W_BROKEN);
    expect(all.has(BROKEN.badAttributes)).toBe(false);
    expect(all.has(BROKEN.truncated)).toBe(false);
  });
});

test.describe('snapshot replay of the rpaweb fixtures (html_data before-states)', () => {
  // Steps with no element (openPage, navigate, closePage) are skipped; every other step passes.
  const EXPECTED: Record<string, string[]> = {
    'library-save-record@1.49': ['openPage', 'navigate', 'click', 'click', 'fill', 'click', 'click', 'click', 'closePage'],
    'library-save-record@1.65': ['openPage', 'navigate', 'click', 'click', 'fill', 'click', 'click', 'click'],
    'tax-submit-declaration@1.49': [
      'openPage',
      'navigate',
      'click',
      'fill',
      'click',
      'fill',
      'select',
      'check',
      'click',
      'closePage',
      'click',
      'fill',
      'click',
      'closePage',
    ],
    'tax-submit-declaration@1.65': [
      'openPage',
      'navigate',
      'click',
      'fill',
      'click',
      'fill',
      'select',
      'check',
      'click',
      'click',
      'fill',
      'click',
    ],
  };
  const TARGETLESS = new Set(['openPage', 'navigate', 'closePage']);

  for (const [id, actions] of Object.entries(EXPECTED)) {
    test(`${id} passes: targeted steps found by the recorded selector, the rest skipped`, async () => {
      const episode = (await episodes(RPAWEB_FIXTURES)).get(id)!;
      const r = await snapshot(episode);
      expect(r.status, r.message).toBe('passed');
      expect(r.steps.map((s) => [s.action, s.status, s.status === 'skipped' ? s.message : s.resolvedBy])).toEqual(
        actions.map((a) => (TARGETLESS.has(a) ? [a, 'skipped', 'no element to check on a snapshot'] : [a, 'passed', 'selector'])),
      );
      const targeted = actions.filter((a) => !TARGETLESS.has(a)).length;
      // rpaweb records no candidate ids: there is no onPositive to count.
      expect(r.targets).toEqual({ checked: targeted, found: targeted });
    });
  }

  for (const id of ['board-add-move-delete@1.49', 'board-add-move-delete@1.65']) {
    test(`${id} passes: the hover-only Delete button is revealed by pointing at its card`, async () => {
      // The board's Delete button is `display:none` until its card is :hover-ed, which recorded
      // html_data cannot carry: the snapshot check points at what the page's :hover rules name.
      const episode = (await episodes(RPAWEB_FIXTURES)).get(id)!;
      const r = await snapshot(episode);
      expect(r.steps.slice(2, 6).map((s) => s.status)).toEqual(['passed', 'passed', 'passed', 'passed']);
      expect(r.status, r.message).toBe('passed');
      const del = r.steps.find((s) => s.description.includes('Delete'))!;
      expect(del.target?.revealedByHover).toBe(true);
      // Five cards, each with its own Delete: the recording's pointer chose, and the note says so.
      expect(del.notes?.join(' ')).toMatch(/5 containers each show one/);
      // Targets shown without hovering are never marked revealed.
      expect(r.steps.filter((s) => s !== del).every((s) => s.target?.revealedByHover === undefined)).toBe(true);
    });
  }
});

test.describe('the real Mind2Web sample, replayed on a snapshot built from its own MHTML', () => {
  const DIR = sharedSample('mind2web');
  const UID = '961c3a5e-f8ce-4c71-a917-aa546dcea7fb';
  test.skip(!existsSync(`${DIR}/mind2web_example.json`) || !existsSync(`${DIR}/mind2web_example.mhtml`), 'shared samples not present');

  /**
   * A one-step task around the real positive candidate (byte for byte) and the real <select> of
   * the real before-snapshot (its attributes and options as the MHTML has them), serialized as
   * Mind2Web's raw_html would be. Only the option elements' node ids are made up.
   */
  function realTask(value: string): string {
    const real = JSON.parse(readFileSync(`${DIR}/mind2web_example.json`, 'utf8')) as { pos_candidates: { attributes: string }[] };
    const mhtml = readFileSync(`${DIR}/mind2web_example.mhtml`, 'latin1')
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16)));
    const select = new RegExp(`<select ([^>]*)data-pw-testid-buckeye="${UID}"[^>]*>([\\s\\S]*?)</select>`).exec(mhtml);
    if (!select) throw new Error('the MHTML has no marked <select>');
    const attr = (name: string) => new RegExp(`\\b${name}="([^"]*)"`).exec(select[1]!)?.[1];
    const options = [...select[2]!.matchAll(/<option([^>]*)value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => ({
      selected: m[1]!.includes('selected'),
      value: m[2]!,
      label: m[3]!,
    }));
    const box = (JSON.parse(real.pos_candidates[0]!.attributes) as { bounding_box_rect: string }).bounding_box_rect;
    const raw = [
      '<html backend_node_id="145" bounding_box_rect="0,0,1280,7411.703125">',
      '  <body backend_node_id="147" bounding_box_rect="0,0,1280,7411.703125">',
      `    <select backend_node_id="136" bounding_box_rect="${box}" class="${attr('class')}" id="${attr('id')}" name="${attr('name')}" data_pw_testid_buckeye="${UID}">`,
      ...options.flatMap((o, i) => [
        `      <option backend_node_id="${700 + 2 * i}" bounding_box_rect="-1,-1,-1,-1" value="${o.value}"${o.selected ? ' option_selected="true"' : ''}>`,
        `        <text backend_node_id="${701 + 2 * i}" bounding_box_rect="-1,-1,-1,-1">${o.label}</text>`,
        '      </option>',
      ]),
      '    </select>',
      '  </body>',
      '</html>',
      '',
    ].join('\n');
    const task = {
      annotation_id: 'real-exploretock-sample',
      website: 'exploretock',
      domain: 'Travel',
      subdomain: 'Restaurant',
      confirmed_task: 'Check for pickup restaurant available in Boston, NY on March 18, 5pm with just one guest',
      action_reprs: [`[combobox]  Reservation type -> SELECT: ${value}`],
      actions: [
        {
          action_uid: UID,
          raw_html: raw,
          cleaned_html: '',
          operation: { op: 'SELECT', original_op: 'SELECT', value },
          pos_candidates: real.pos_candidates,
          neg_candidates: [],
        },
      ],
    };
    const file = test.info().outputPath(`real-${value}.json`);
    writeFileSync(file, JSON.stringify([task]));
    return file;
  }

  test('SELECT "Pickup" (the real action) passes on the real positive; an absent label fails option-missing', async () => {
    const ok = await loadDataset(realTask('Pickup'));
    expect(ok.problems).toEqual([]);
    expect(ok.episodes).toHaveLength(1);
    const action = ok.episodes[0]!.steps[0]!.action;
    expect(action).toMatchObject({ type: 'select', options: ['Pickup'], by: 'label' });
    expect('target' in action ? action.target?.locate.slice(0, 4) : undefined).toEqual([
      { kind: 'css', css: `[data_pw_testid_buckeye="${UID}"]` },
      { kind: 'css', css: `[data-pw-testid-buckeye="${UID}"]` },
      { kind: 'backendNodeId', backendNodeId: '136' },
      {
        kind: 'fingerprint',
        tag: 'select',
        id: 'reservations-city-search-type',
        name: 'type',
        text: 'Dine in Pickup Delivery Events Wineries Everything',
      },
    ]);
    const passed = await snapshot(ok.episodes[0]!);
    expect(passed.status, passed.message).toBe('passed');
    expect(passed.targets).toEqual({ checked: 1, found: 1, onPositive: 1 });

    const bad = await loadDataset(realTask('Takeout'));
    const failed = await snapshot(bad.episodes[0]!);
    expect([failed.status, failed.reason, failed.failedStep]).toEqual(['failed', 'option-missing', 0]);
    expect(failed.steps[0]!.message).toBe(
      'option "Takeout" not available (has: "reservations" (Dine in), "pickup" (Pickup), "delivery" (Delivery), "events" (Events), "wineries" (Wineries), "all" (Everything))',
    );
  });
});
