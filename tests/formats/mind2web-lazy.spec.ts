// Large raw_html/cleaned_html values are left undecoded while a shard streams (lazy-record.ts):
// whatever the bytes look like, the episodes and problems must be those a full JSON.parse gives.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { expect, test } from '@playwright/test';
import { mind2web } from '../../src/formats/mind2web.js';
import type { Decoded } from '../../src/formats/format.js';
import { JsonStringBytes } from '../../src/formats/json-string-bytes.js';
import { findMarkedElement } from '../../src/formats/mind2web/raw-html.js';
import { findMarkedElementInJson } from '../../src/formats/mind2web/raw-html-json.js';
import { makeDataset } from './helpers.js';

interface Task {
  annotation_id: string;
  actions: { action_uid: string; raw_html: string; cleaned_html?: string }[];
}
const tasks = JSON.parse(readFileSync(resolve('tests/formats/data/mind2web/train_sample.json'), 'utf8')) as Task[];

/** Page text with everything JSON escapes or encodes in several bytes: quotes, backslashes, tabs, accents, an emoji. */
const filler = (kb: number) => {
  const row = (i: number) => `<div backend_node_id="${9000 + i}" class="r\\${i}"><text>Línea ${i} — "café"\t🙂 a\\b</text></div>\n`;
  let s = '';
  for (let i = 0; s.length < kb * 1024; i++) s += row(i);
  return s;
};
const PAD = filler(40);

/** JSON as Python's json.dumps writes it by default (every non-ASCII character as \uXXXX). */
const asciiJson = (value: unknown) =>
  JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);

/** The sample tasks with each raw_html (and cleaned_html) padded past the lazy threshold; `edit` changes one raw_html. */
function padded(edit: (html: string, task: number, action: number) => string = (h) => h): Task[] {
  return tasks.map((t, ti) => ({
    ...t,
    actions: t.actions.map((a, ai) => ({
      ...a,
      raw_html: edit(a.raw_html.replace('</body>', `${PAD}</body>`), ti, ai),
      cleaned_html: `<html>${PAD}</html>`,
    })),
  }));
}

async function decodeBoth(text: string, chunkBytes?: number): Promise<{ lazy: Decoded; eager: Decoded; file: string }> {
  const root = makeDataset({ 'train_0.json': text });
  const file = join(root, 'train_0.json');
  const opts = (stream: object) => ({ datasetRoot: root, stream }) as Parameters<typeof mind2web.decodeFile>[1];
  const lazy = await mind2web.decodeFile(file, opts(chunkBytes ? { chunkBytes } : {}));
  const eager = await mind2web.decodeFile(file, opts({ lazyKeys: new Set() }));
  return { lazy, eager, file };
}

const plain = (d: Decoded) => JSON.parse(JSON.stringify(d)) as unknown;

for (const [spelling, write] of [
  ['UTF-8 as is', JSON.stringify],
  ['non-ASCII as \\u escapes', asciiJson],
] as const) {
  test(`padded raw_html (${spelling}) decodes to the same episodes as a full parse, and stays undecoded until read`, async () => {
    const shard = padded();
    for (const chunkBytes of [undefined, 1000]) {
      const { lazy, eager } = await decodeBoth(write(shard), chunkBytes);
      expect(lazy.episodes).toHaveLength(tasks.length);
      const before = lazy.episodes[0]!.steps[0]!.before!;
      expect(typeof Object.getOwnPropertyDescriptor(before, 'html')?.get).toBe('function');
      expect(plain(lazy)).toEqual(plain(eager));
      expect(lazy.episodes[0]!.steps[0]!.before!.html).toBe(shard[0]!.actions[0]!.raw_html);
      expect(Object.getOwnPropertyDescriptor(before, 'html')?.value).toBe(shard[0]!.actions[0]!.raw_html); // decoded once, then kept
    }
  });
}

test('the marker found in the JSON bytes whatever precedes it, as in the decoded text', async () => {
  // Before the marker: a tab (\t), a no-break space (UTF-8 or \u00a0), a letter (text, not an attribute).
  const before = ['\t', '\u00a0', 'x', '\n'];
  const shard = padded((h, ti, ai) => h.replace(' data_pw_testid_buckeye=', `${before[(ti + ai) % before.length]}data_pw_testid_buckeye=`));
  for (const write of [JSON.stringify, asciiJson]) {
    const { lazy, eager } = await decodeBoth(write(shard));
    expect(plain(lazy)).toEqual(plain(eager));
  }
  // Written with the marker's own letters escaped (\u0064 = "d"): still found.
  const escaped = JSON.stringify(padded()).replaceAll('data_pw_testid_buckeye', '\\u0064ata_pw_testid_buckeye');
  const { lazy, eager } = await decodeBoth(escaped);
  expect(plain(lazy)).toEqual(plain(eager));
  expect(lazy.problems.filter((p) => p.field === 'raw_html')).toEqual([]);
});

test('a bad escape or a raw control character inside a large raw_html: the same problem as a full parse', async () => {
  const good = JSON.stringify(padded());
  const uid = tasks[1]!.actions[0]!.action_uid;
  for (const bad of [
    good.replace(`"action_uid":"${uid}","raw_html":"<html`, `"action_uid":"${uid}","raw_html":"<ht\\xml`),
    good.replace(`"action_uid":"${uid}","raw_html":"<html`, `"action_uid":"${uid}","raw_html":"<ht\tml`),
    good.replace(`"action_uid":"${uid}","raw_html":"<html`, `"action_uid":"${uid}","raw_html":"<ht\\u12G4ml`),
  ]) {
    expect(bad).not.toBe(good);
    const { lazy, eager, file } = await decodeBoth(bad);
    expect(plain(lazy)).toEqual(plain(eager));
    expect(lazy.episodes.map((e) => e.id)).toEqual([tasks[0]!.annotation_id, tasks[2]!.annotation_id]);
    expect(lazy.problems[0]).toMatchObject({ file, record: '[1]', severity: 'error', message: expect.stringMatching(/^invalid JSON/) });
  }
});

test('findMarkedElementInJson equals findMarkedElement, also for an element longer than its first window', () => {
  const uid = 'u-1';
  const big = `<body>\n  <div data_pw_testid_buckeye="${uid}" role="list">${'<span>é</span>'.repeat(3000)}<text>end</text></div>\n</body>`;
  const small = `<body>\n  <button data_pw_testid_buckeye="${uid}" aria_label="Go"><text>Go "now"</text></button>\n</body>`;
  for (const html of [big, small, small.replace(' data_pw', 'data_pw'), `${'\\'.repeat(3)} data_pw_testid_buckeye="${uid}">`]) {
    for (const json of [JSON.stringify(html), asciiJson(html)]) {
      expect(findMarkedElementInJson(new JsonStringBytes(Buffer.from(json)), uid)).toEqual(findMarkedElement(html, uid));
    }
  }
  // The first of two marked elements written with an escaped letter: still the one found.
  const two = `<body> <a data_pw_testid_buckeye="${uid}"><text>first</text></a> <b data_pw_testid_buckeye="${uid}"><text>second</text></b></body>`;
  const json = JSON.stringify(two).replace('data_pw', '\\u0064ata_pw');
  expect(findMarkedElementInJson(new JsonStringBytes(Buffer.from(json)), uid)).toEqual(findMarkedElement(two, uid));
  expect(findMarkedElement(two, uid)?.text).toBe('first');
});
