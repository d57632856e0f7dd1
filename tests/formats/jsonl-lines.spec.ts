import { expect, test } from '@playwright/test';
import { join } from 'node:path';
import { readFileSync } from 'node:fs';
import { eachLineRange, firstBadUtf8Byte, readLines, sourceLine, type SourceLine } from '../../src/formats/jsonl-lines.js';
import { makeDataset } from './helpers.js';

async function lines(content: Buffer | string): Promise<SourceLine[]> {
  const root = makeDataset({ 'f.jsonl': content });
  const out: SourceLine[] = [];
  for await (const l of readLines(join(root, 'f.jsonl'))) out.push(l);
  return out;
}

test('CRLF, a BOM, blank lines and a last line without newline', async () => {
  expect(await lines('\uFEFF{"a":1}\r\n\r\n{"b":"é"}\r\n{"c":3}')).toStrictEqual([
    { number: 1, text: '{"a":1}' },
    { number: 2, text: '' },
    { number: 3, text: '{"b":"é"}' },
    { number: 4, text: '{"c":3}' },
  ]);
});

test('an empty file and a file of one newline', async () => {
  expect(await lines('')).toEqual([]);
  expect(await lines('\n')).toEqual([{ number: 1, text: '' }]);
});

test('bytes that are not UTF-8 are reported with their offset, not thrown', async () => {
  const out = await lines(Buffer.concat([Buffer.from('ok\n'), Buffer.from([0x61, 0x62, 0xe9, 0x63]), Buffer.from('\n€\n')]));
  expect(out).toStrictEqual([
    { number: 1, text: 'ok' },
    { number: 2, text: 'ab\uFFFDc', badUtf8At: 2 },
    { number: 3, text: '€' },
  ]);
});

test('long lines (a whole HTML page) come through whole', async () => {
  const big = 'x'.repeat(3 * 1024 * 1024);
  const out = await lines(`${big}\nend`);
  expect(out.map((l) => l.text.length)).toEqual([big.length, 3]);
});

test('firstBadUtf8Byte follows RFC 3629', () => {
  expect(firstBadUtf8Byte(Buffer.from([0xc0, 0x80]))).toBe(0); // overlong
  expect(firstBadUtf8Byte(Buffer.from([0x41, 0xed, 0xa0, 0x80]))).toBe(1); // surrogate
  expect(firstBadUtf8Byte(Buffer.from([0x41, 0xe2, 0x82]))).toBe(1); // truncated
  expect(firstBadUtf8Byte(Buffer.from('añ€😀'))).toBe(Buffer.from('añ€😀').length);
});

test('eachLineRange + sourceLine split and read lines exactly as readLines does, offsets included', async () => {
  const mib = 1 << 20;
  for (const content of [
    '\uFEFF{"a":1}\r\n\r\n{"b":"é"}\r\n{"c":3}',
    'a\rb\r\rc\n\nd\r',
    '\n',
    '',
    Buffer.concat([Buffer.from('ok\n'), Buffer.from([0x61, 0xe9, 0x63]), Buffer.from('\r\n€')]),
    `${'x'.repeat(mib - 1)}\r\ny`, // a CRLF split between two reads
    `${'x'.repeat(mib - 2)}\r\r${'z'.repeat(2 * mib)}\nend\n`, // a lone CR at a read's end; a line over three reads
  ]) {
    const root = makeDataset({ 'f.jsonl': content });
    const file = join(root, 'f.jsonl');
    const bytes = readFileSync(file);
    const got: SourceLine[] = [];
    await eachLineRange(file, (raw, number, start) => {
      expect(bytes.subarray(start, start + raw.length).equals(raw)).toBe(true);
      got.push(sourceLine(number, raw));
    });
    expect(got).toStrictEqual(await lines(content));
  }
});
