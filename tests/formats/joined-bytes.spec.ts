import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { JoinedBytes } from '../../src/formats/joined-bytes.js';
import { JsonStringBytes } from '../../src/formats/json-string-bytes.js';
import { readJsonRecords } from '../../src/formats/mind2web/json-stream.js';

// A record spanning reads is joined into a buffer used again for the next one (joined-bytes.ts):
// an undecoded string kept from it must not change when that buffer is reused.
test('undecoded strings kept from records that span reads still hold their own text after later records', async () => {
  const page = (k: number) => `<div id="${k}">${'Línea \\ "café" '.repeat(1500)}</div>\n`.repeat(2);
  const records = Array.from({ length: 12 }, (_, k) => ({ id: k, raw_html: page(k), small: `s${k}` }));
  const file = test.info().outputPath('shard.json');
  writeFileSync(file, JSON.stringify(records, null, 1));
  for (const chunkBytes of [1000, 65536, 1 << 20]) {
    const kept: unknown[] = [];
    for await (const rec of readJsonRecords(file, { chunkBytes, lazyKeys: new Set(['raw_html']) })) {
      expect(rec.kind).toBe('value');
      if (rec.kind === 'value') kept.push(rec.value);
    }
    const values = kept as { id: number; raw_html: JsonStringBytes; small: string }[];
    expect(values.every((v) => v.raw_html instanceof JsonStringBytes)).toBe(true);
    expect(values.map((v) => ({ ...v, raw_html: v.raw_html.text() }))).toEqual(records);
    // Bytes of their own are not copied again when a step keeps them.
    for (const v of values) {
      const own = v.raw_html.bytes.byteOffset === 0 && v.raw_html.bytes.length === v.raw_html.bytes.buffer.byteLength;
      if (own) expect(v.raw_html.detached()).toBe(v.raw_html);
      else expect(v.raw_html.detached().bytes.equals(v.raw_html.bytes)).toBe(true);
    }
  }
});

test('JoinedBytes: one piece is passed through; several are joined, in a reused buffer unless too long', () => {
  const joined = new JoinedBytes(100);
  const one = Buffer.from('abc');
  expect(joined.join([one], 3)).toEqual({ bytes: one, reused: false });
  const first = joined.join([Buffer.from('ab'), Buffer.from('cd')], 4);
  expect([first.bytes.toString(), first.reused]).toEqual(['abcd', true]);
  const second = joined.join([Buffer.from('x'), Buffer.from('yz')], 3);
  expect([second.bytes.toString(), second.reused, second.bytes.buffer === first.bytes.buffer]).toEqual(['xyz', true, true]);
  const long = joined.join([Buffer.alloc(60, 1), Buffer.alloc(60, 2)], 120);
  expect([long.bytes.length, long.reused, long.bytes[59], long.bytes[60]]).toEqual([120, false, 1, 2]);
});
