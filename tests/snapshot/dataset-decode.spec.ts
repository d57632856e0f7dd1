import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { Parser } from 'htmlparser2';
import { parseActionRepr } from '../../src/formats/mind2web.js';
import { loadDataset } from '../../src/formats/load-dataset.js';
import type { Episode } from '../../src/ir/index.js';
import { BABYAGI, BABYAGI_DIR, BABYAGI_METADATA, BROKEN, M2W_BROKEN, M2W_DIR, M2W_TASKS, MT, MT_CONVERSATION, TASKS } from './fixtures.js';
import { sharedSample } from '../support/shared-samples.js';

interface RawTask {
  annotation_id: string;
  website: string;
  domain: string;
  subdomain: string;
  confirmed_task: string;
  action_reprs: string[];
  actions: {
    action_uid: string;
    raw_html: string;
    cleaned_html: string;
    operation: { op: string; original_op: string; value: string };
    pos_candidates: {
      tag: string;
      backend_node_id: string;
      attributes: string;
      is_original_target: boolean;
      is_top_level_target: boolean;
    }[];
    neg_candidates: { tag: string; backend_node_id: string; attributes: string }[];
  }[];
}

const readJson = <T>(file: string) => JSON.parse(readFileSync(file, 'utf8')) as T;
const actionTypes = (e: Episode) => e.steps.map((s) => s.action.type);

/** Every element of an lxml-style XML dump, with its attributes (names as written). */
function xmlElements(xml: string): { name: string; attrs: Record<string, string> }[] {
  const out: { name: string; attrs: Record<string, string> }[] = [];
  const parser = new Parser({ onopentag: (name, attrs) => out.push({ name, attrs }) }, { xmlMode: true, decodeEntities: true });
  parser.write(xml);
  parser.end();
  return out;
}

test.describe('generated Mind2Web tasks (fixtures/mind2web/tasks.json)', () => {
  test('are in the exact HF task schema, raw_html as Mind2Web dumped it', () => {
    const tasks = readJson<RawTask[]>(M2W_TASKS);
    expect(tasks.map((t) => t.annotation_id)).toEqual([TASKS.library.id, TASKS.tax.id, TASKS.board.id]);
    for (const [k, task] of tasks.entries()) {
      const expected = Object.values(TASKS)[k]!;
      expect(Object.keys(task)).toEqual(['annotation_id', 'website', 'domain', 'subdomain', 'confirmed_task', 'action_reprs', 'actions']);
      expect(task.action_reprs).toHaveLength(task.actions.length);
      expect(task.actions.map((a) => a.action_uid)).toEqual(expected.actionUids);
      for (const [i, a] of task.actions.entries()) {
        const at = `${task.annotation_id} action ${i}`;
        expect(Object.keys(a), at).toEqual(['action_uid', 'raw_html', 'cleaned_html', 'operation', 'pos_candidates', 'neg_candidates']);
        expect(Object.keys(a.operation), at).toEqual(['op', 'original_op', 'value']);
        expect(parseActionRepr(task.action_reprs[i]!), at).toMatchObject({
          op: a.operation.original_op,
          ...(a.operation.value ? { value: a.operation.value } : {}),
        });

        // raw_html: ASCII XML, `<text>` for text, every element with an id and a box, the
        // Cleaner's removals and whitelist, and the marker on exactly this step's target.
        expect(a.raw_html, at).toMatch(/^<html backend_node_id="\d+" bounding_box_rect="[\d.]+,[\d.]+,[\d.]+,[\d.]+">\n/);
        expect(a.raw_html, at).toMatch(/^[\x20-\x7e\n]*$/);
        const elements = xmlElements(a.raw_html);
        const names = new Set(elements.map((e) => e.name));
        for (const gone of ['script', 'style', 'link', 'meta']) expect(names.has(gone), `${at}: <${gone}>`).toBe(false);
        expect(names.has('text')).toBe(true);
        const ids = elements.map((e) => e.attrs.backend_node_id);
        expect(
          ids.every((id) => id !== undefined && /^\d+$/.test(id)),
          at,
        ).toBe(true);
        expect(new Set(ids).size, `${at}: backend_node_id unique`).toBe(ids.length);
        expect(
          elements.every((e) => /^(-1,-1,-1,-1|[\d.]+,[\d.]+,[\d.]+,[\d.]+)$/.test(e.attrs.bounding_box_rect ?? '')),
          at,
        ).toBe(true);
        expect(
          elements
            .flatMap((e) => Object.keys(e.attrs))
            .filter((n) => !/^\w+$/.test(n) || ['href', 'src', 'style', 'for', 'onsubmit'].includes(n)),
          at,
        ).toEqual([]);
        const marked = elements.filter((e) => e.attrs.data_pw_testid_buckeye === a.action_uid);
        expect(
          marked.map((e) => e.attrs.backend_node_id),
          at,
        ).toEqual([expected.positives[i]]);

        // Candidates: the marked node is the one positive, original and top-level target;
        // attributes are JSON text of string values in build_dom_tree's key order.
        expect(
          a.pos_candidates.map((c) => [c.backend_node_id, c.is_original_target, c.is_top_level_target, c.tag]),
          at,
        ).toEqual([[expected.positives[i], true, true, marked[0]!.name]]);
        expect(a.neg_candidates.length, at).toBeGreaterThan(5);
        // (Violations are collected and compared once: thousands of expect() calls are slow.)
        const idSet = new Set(ids);
        const wrong: string[] = [];
        for (const c of [...a.pos_candidates, ...a.neg_candidates]) {
          const say = (what: string) => wrong.push(`candidate ${c.backend_node_id}: ${what}`);
          if (Object.keys(c).join() !== Object.keys(c).sort().join()) say('keys not sorted (the real sample has them sorted)');
          if (!c.attributes.includes('", "')) say('attributes not in Python json.dumps layout');
          const attrs = JSON.parse(c.attributes) as Record<string, unknown>;
          const keys = Object.keys(attrs);
          if (keys[0] !== 'backend_node_id' || keys[1] !== 'bounding_box_rect') say(`attributes start ${keys.slice(0, 2).join()}`);
          if (keys.at(-1) !== 'data_pw_testid_buckeye_candidate' || attrs.data_pw_testid_buckeye_candidate !== '1')
            say('no trailing data_pw_testid_buckeye_candidate "1"');
          if (attrs.backend_node_id !== c.backend_node_id) say('attributes.backend_node_id differs');
          if (!Object.values(attrs).every((v) => typeof v === 'string')) say('non-string attribute value');
          if (attrs.data_pw_testid_buckeye === a.action_uid) say("carries the current step's marker");
          if (!idSet.has(c.backend_node_id)) say('not an element of raw_html');
        }
        expect(wrong, at).toEqual([]);
        // cleaned_html: a smaller XML subset without geometry or markers.
        expect(a.cleaned_html.length, at).toBeLessThan(a.raw_html.length / 2);
        expect(a.cleaned_html, at).not.toContain('bounding_box_rect');
        expect(a.cleaned_html, at).not.toContain('data_pw_testid_buckeye');
        expect(a.cleaned_html, at).toContain(`backend_node_id="${expected.positives[i]}"`);
      }
    }
  });

  test('the typed value shows in later snapshots only, and earlier markers stay', () => {
    const tax = readJson<RawTask[]>(M2W_TASKS)[1]!;
    const nif = (html: string) => /<input backend_node_id="110"[^>]*>/.exec(html)?.[0];
    expect(nif(tax.actions[1]!.raw_html)).not.toContain('input_value');
    expect(nif(tax.actions[2]!.raw_html)).toContain(' input_value="12345678Z"');
    expect(nif(tax.actions[2]!.raw_html)).toContain(` data_pw_testid_buckeye="${TASKS.tax.actionUids[1]}"`);
    // The SELECT's option labels are the visible texts ("Sevilla"), their values are codes.
    expect(tax.actions[3]!.raw_html).toContain(
      '<option backend_node_id="138" bounding_box_rect="-1,-1,-1,-1" value="se">\n              <text backend_node_id="139" bounding_box_rect="-1,-1,-1,-1">Sevilla</text>',
    );
    expect(tax.action_reprs).toEqual([
      '[link]  Tax form -> CLICK',
      '[textbox]  NIF -> TYPE: 12345678Z',
      '[textbox]  Full name -> TYPE: Maria Lopez',
      '[combobox]  Province -> SELECT: Sevilla',
      '[checkbox]  I declare the data is true -> CLICK',
      '[button]  Save draft -> CLICK',
    ]);
  });

  test('decode with loadDataset: 3 episodes, every step targeted by the buckeye marker and its positive', async () => {
    const data = await loadDataset(M2W_TASKS);
    expect(data.files.map((f) => f.format.name)).toEqual(['mind2web']);
    expect(data.recordsRead).toBe(3);
    expect(data.problems).toEqual([]);
    expect(data.rejected).toEqual([]);
    expect(data.episodes.map((e) => [e.id, e.format, actionTypes(e)])).toEqual(
      Object.values(TASKS).map((t) => [t.id, 'mind2web', t.actions]),
    );
    const raw = readJson<RawTask[]>(M2W_TASKS);
    for (const [k, e] of data.episodes.entries()) {
      const expected = Object.values(TASKS)[k]!;
      expect(e.instruction).toBe(raw[k]!.confirmed_task);
      expect(e.meta).toMatchObject({
        website: 'citizen-services',
        domain: 'Government',
        steps: expected.actionUids.map((action_uid) => ({ action_uid })),
      });
      for (const [i, s] of e.steps.entries()) {
        expect(s.before?.html).toBe(raw[k]!.actions[i]!.raw_html);
        expect(s.before?.viewport).toEqual({ width: 1280, height: 1080 });
        expect(s.note).toBe(raw[k]!.action_reprs[i]);
        expect(s.source).toEqual({ file: M2W_TASKS, line: k + 2, record: `[${k}].actions[${i}]` });
        const locate = 'target' in s.action ? s.action.target?.locate : undefined;
        expect(locate?.slice(0, 3)).toEqual([
          { kind: 'css', css: `[data_pw_testid_buckeye="${expected.actionUids[i]}"]` },
          { kind: 'css', css: `[data-pw-testid-buckeye="${expected.actionUids[i]}"]` },
          { kind: 'backendNodeId', backendNodeId: expected.positives[i] },
        ]);
      }
    }
    const [library, tax, board] = data.episodes as [Episode, Episode, Episode];
    expect(library.steps[1]!.action).toMatchObject({ type: 'fill', text: 'Garcia' });
    expect(library.steps[2]!.action).toMatchObject({ type: 'press', key: 'Enter' });
    expect(tax.steps[3]!.action).toMatchObject({ type: 'select', options: ['Sevilla'], by: 'label' });
    expect(tax.steps[3]!.action).toMatchObject({ target: { description: 'combobox "Province"' } });
    expect(board.steps[1]!.action).toMatchObject({ type: 'fill', text: 'Renew passport' });
  });
});

test.describe('broken Mind2Web records (fixtures/mind2web/broken-tasks.json)', () => {
  test('each problem names the file, the task (index and id) and the field; the good tasks still decode', async () => {
    const data = await loadDataset(M2W_BROKEN);
    expect(data.files.map((f) => f.format.name)).toEqual(['mind2web']);
    expect(data.recordsRead).toBe(5);
    expect(data.episodes.map((e) => [e.id, actionTypes(e)])).toEqual([
      [BROKEN.targetGone, TASKS.library.actions],
      [BROKEN.optionMissing, TASKS.tax.actions],
      [BROKEN.noRawHtml, TASKS.board.actions],
    ]);
    expect(data.rejected.map((r) => [r.id, r.format, r.source])).toEqual([
      [BROKEN.badAttributes, 'mind2web', { file: M2W_BROKEN, line: 4, record: '[2]' }],
      [BROKEN.truncated, 'mind2web', { file: M2W_BROKEN, line: 6, record: '[4]' }],
    ]);
    expect(data.problems).toEqual([
      {
        file: M2W_BROKEN,
        line: 2,
        record: '[0].actions[1]',
        field: 'raw_html',
        episode: BROKEN.targetGone,
        severity: 'warning',
        message: `no element carries data_pw_testid_buckeye="${TASKS.library.actionUids[1]}": the target is known from its candidates only`,
      },
      {
        file: M2W_BROKEN,
        line: 4,
        record: '[2].actions[2]',
        field: 'pos_candidates[0].attributes',
        episode: BROKEN.badAttributes,
        severity: 'error',
        message: expect.stringMatching(/^not valid JSON text of an attribute object: /),
      },
      {
        file: M2W_BROKEN,
        line: 5,
        record: '[3].actions[1]',
        field: 'raw_html',
        episode: BROKEN.noRawHtml,
        severity: 'warning',
        message: 'missing or empty: the step has no recorded HTML',
      },
      {
        file: M2W_BROKEN,
        line: 6,
        record: '[4]',
        episode: BROKEN.truncated,
        severity: 'error',
        message: 'the file ends inside this record (in a string): truncated?',
      },
      { file: M2W_BROKEN, line: 6, severity: 'error', message: 'the top-level array is not closed with "]": truncated?' },
    ]);
    // The rejected tasks carry their own problems, so the run reports them as `error` episodes.
    expect(data.rejected[0]!.problems.map((p) => p.field)).toEqual(['pos_candidates[0].attributes']);
    expect(data.rejected[1]!.problems.map((p) => p.message)).toEqual(['the file ends inside this record (in a string): truncated?']);
  });

  test('the broken records are what they claim to be', () => {
    const text = readFileSync(M2W_BROKEN, 'utf8');
    expect(() => JSON.parse(text)).toThrow();
    const lines = text.split('\n');
    expect(lines).toHaveLength(6);
    const [gone, option, bad, noHtml] = lines.slice(1, 5).map((l) => JSON.parse(l.replace(/,$/, '')) as RawTask);
    const uid = TASKS.library.actionUids[1];
    expect(gone!.actions[1]!.raw_html).not.toContain(uid);
    const missing = gone!.actions[1]!.pos_candidates[0]!.backend_node_id;
    expect(gone!.actions[1]!.raw_html).not.toContain(`backend_node_id="${missing}"`);
    expect(JSON.parse(gone!.actions[1]!.pos_candidates[0]!.attributes)).toMatchObject({ backend_node_id: missing });
    expect(option!.actions[3]!.operation).toEqual({ op: 'SELECT', original_op: 'SELECT', value: 'Girona' });
    expect(option!.actions[3]!.raw_html).not.toContain('Girona');
    expect(() => JSON.parse(bad!.actions[2]!.pos_candidates[0]!.attributes)).toThrow();
    expect('raw_html' in noHtml!.actions[1]!).toBe(false);
    expect(lines[5]).toMatch(new RegExp(`^\\{"annotation_id":"${BROKEN.truncated}".*"raw_html":"<html`));
  });

  test('a folder with all three Mind2Web files decodes each with its own format', async () => {
    const data = await loadDataset(M2W_DIR);
    expect(data.files.map((f) => [f.file, f.format.name])).toEqual([
      [M2W_BROKEN, 'mind2web'],
      [MT_CONVERSATION, 'mt-mind2web'],
      [M2W_TASKS, 'mind2web'],
    ]);
    expect(data.recordsRead).toBe(9);
    expect(data.episodes).toHaveLength(3 + 2 + 3);
    expect(data.rejected.map((r) => r.id)).toEqual([BROKEN.badAttributes, BROKEN.truncated]);
    expect(data.problems.filter((p) => p.severity === 'error')).toHaveLength(3);
  });
});

test.describe('generated MT-Mind2Web conversation (fixtures/mind2web/mt-conversation.json)', () => {
  test('one conversation, two turns: two episodes, the second continuing the first', async () => {
    const raw = readJson<
      {
        task_id: string;
        website: string;
        domain: string;
        subdomain: string;
        turns: { annotation_id: string; confirmed_task: string; action_reprs: string[]; actions: RawTask['actions'] }[];
      }[]
    >(MT_CONVERSATION);
    expect(raw).toHaveLength(1);
    expect(Object.keys(raw[0]!)).toEqual(['task_id', 'website', 'domain', 'subdomain', 'turns']);
    expect(raw[0]!.turns.map((t) => Object.keys(t))).toEqual([
      ['annotation_id', 'confirmed_task', 'action_reprs', 'actions'],
      ['annotation_id', 'confirmed_task', 'action_reprs', 'actions'],
    ]);
    // One session: the card added in turn 0 is on the board in turn 1's before-state.
    expect(raw[0]!.turns[0]!.actions[2]!.raw_html).not.toContain('Apply for parking permit</text>');
    expect(raw[0]!.turns[1]!.actions[0]!.raw_html).toContain('Apply for parking permit</text>');

    const data = await loadDataset(MT_CONVERSATION);
    expect(data.files.map((f) => f.format.name)).toEqual(['mt-mind2web']);
    expect(data.recordsRead).toBe(1);
    expect(data.problems).toEqual([]);
    expect(data.rejected).toEqual([]);
    expect(data.episodes.map((e) => [e.id, e.format, e.continues, actionTypes(e), e.meta.turn, e.meta.annotation_id])).toEqual([
      [`${MT.taskId}#0`, 'mt-mind2web', undefined, MT.turns[0].actions, 0, MT.turns[0].annotationId],
      [`${MT.taskId}#1`, 'mt-mind2web', `${MT.taskId}#0`, MT.turns[1].actions, 1, MT.turns[1].annotationId],
    ]);
    expect(data.episodes.map((e) => e.instruction)).toEqual([
      'On the task board, add a card titled "Apply for parking permit"',
      'Now move that card to Doing',
    ]);
    expect(data.episodes[1]!.steps[0]!.note).toBe('[button]  Move right -> CLICK');
  });
});

interface RawTrajectory {
  id: string;
  instruction: string;
  trajectory: {
    image_id: string;
    action_options: { index: number; top_left: [number, number]; bottom_right: [number, number] }[];
    action_taken: { type: string; value: string; action_option_index: number | null };
  }[];
}

test.describe('generated baby-agi trajectories (fixtures/babyagi)', () => {
  test('screenshots are 2036×1144 PNGs, option boxes inside them', () => {
    const raw = readJson<RawTrajectory[]>(BABYAGI_METADATA);
    expect(raw.map((t) => [t.id, t.trajectory.map((s) => s.image_id), t.trajectory.map((s) => s.action_taken.type)])).toEqual([
      [BABYAGI.library, ['library_0', 'library_1', 'library_2', 'library_3', 'library_4'], ['click', 'click', 'type', 'click', 'click']],
      [BABYAGI.tax, ['tax_0', 'tax_1', 'tax_2', 'tax_3', 'tax_4'], ['click', 'click', 'type', 'scroll', 'click']],
    ]);
    for (const s of raw.flatMap((t) => t.trajectory)) {
      const png = readFileSync(join(BABYAGI_DIR, 'images', `${s.image_id}.png`));
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect([png.readUInt32BE(16), png.readUInt32BE(20)], s.image_id).toEqual([2036, 1144]);
      expect(s.action_options.map((o) => o.index)).toEqual(s.action_options.map((_, i) => i));
      for (const o of s.action_options) {
        expect(
          o.top_left[0] >= 0 && o.top_left[1] >= 0 && o.bottom_right[0] <= 2036 && o.bottom_right[1] <= 1144,
          `${s.image_id} option ${o.index}`,
        ).toBe(true);
        expect(o.bottom_right[0] > o.top_left[0] && o.bottom_right[1] > o.top_left[1]).toBe(true);
      }
    }
  });

  test('decode with loadDataset: click at the chosen box centre, type, scroll 200 px', async () => {
    const data = await loadDataset(BABYAGI_METADATA);
    expect(data.files.map((f) => f.format.name)).toEqual(['babyagi']);
    expect(data.recordsRead).toBe(2);
    expect(data.problems).toEqual([]);
    expect(data.rejected).toEqual([]);
    expect(data.episodes.map((e) => [e.id, e.format, actionTypes(e)])).toEqual([
      [BABYAGI.library, 'babyagi', ['clickPoint', 'clickPoint', 'type', 'clickPoint', 'clickPoint']],
      [BABYAGI.tax, 'babyagi', ['clickPoint', 'clickPoint', 'type', 'scroll', 'clickPoint']],
    ]);
    const raw = readJson<RawTrajectory[]>(BABYAGI_METADATA);
    for (const [k, e] of data.episodes.entries()) {
      expect(e.instruction).toBe(raw[k]!.instruction);
      for (const [i, s] of e.steps.entries()) {
        const rec = raw[k]!.trajectory[i]!;
        expect(s.before?.screenshot).toBe(join(BABYAGI_DIR, 'images', `${rec.image_id}.png`));
        // The window model: 1280×719 CSS px at device scale 1.590625 (boxes in its CSS px).
        expect(s.before?.viewport).toEqual({ width: 1280, height: 719 });
        expect(s.before?.deviceScaleFactor).toBe(1.590625);
        const o = rec.action_taken.action_option_index !== null ? rec.action_options[rec.action_taken.action_option_index]! : undefined;
        // A click lands on the centre of the chosen option's box, in screenshot pixels; the target box is in the window's CSS px (scale 1.590625).
        const point = s.action.type === 'clickPoint' ? s.action.point : undefined;
        expect(point, `step ${i}`).toEqual(
          s.action.type === 'clickPoint'
            ? {
                x: (o!.top_left[0] + o!.bottom_right[0]) / 2,
                y: (o!.top_left[1] + o!.bottom_right[1]) / 2,
                units: 'px',
                viewport: { width: 2036, height: 1144 },
              }
            : undefined,
        );
        const css = (n: number) => Math.round((n / 1.590625) * 100) / 100;
        expect(s.before?.targetBox, `step ${i}`).toEqual(
          o
            ? {
                x: css(o.top_left[0]),
                y: css(o.top_left[1]),
                width: css(o.bottom_right[0] - o.top_left[0]),
                height: css(o.bottom_right[1] - o.top_left[1]),
              }
            : undefined,
        );
      }
    }
    expect(data.episodes[0]!.steps[2]!.action).toEqual({ type: 'type', text: 'Garcia' });
    expect(data.episodes[1]!.steps[2]!.action).toEqual({ type: 'type', text: '12345678Z' });
    expect(data.episodes[1]!.steps[3]!.action).toEqual({ type: 'scroll', dx: 0, dy: 200, unit: 'px' });
  });
});

test.describe('the real Mind2Web sample (shared/samples/mind2web/mind2web_example.json)', () => {
  const REAL = sharedSample('mind2web/mind2web_example.json');
  test.skip(!existsSync(REAL), 'shared samples not present');

  test('is a pos_candidates fragment, not a task: sniffed as Mind2Web and rejected with a precise problem', async () => {
    const data = await loadDataset(REAL);
    expect(data.files.map((f) => f.format.name)).toEqual(['mind2web']);
    expect(data.recordsRead).toBe(1);
    expect(data.episodes).toEqual([]);
    expect(data.rejected.map((r) => r.id)).toEqual(['mind2web_example.json:1']);
    expect(data.problems).toEqual([
      {
        file: REAL,
        line: 1,
        episode: 'mind2web_example.json:1',
        severity: 'error',
        message: 'neither a Mind2Web task (no "actions") nor a Multimodal-Mind2Web row (no "action_uid")',
      },
    ]);
  });
});
