import { expect, test } from '@playwright/test';
import { plainEnd, wordsOf } from '../../src/formats/json-plain-bytes.js';

// The JSON stream skips string bytes four at a time (json-plain-bytes.ts): it must stop at
// exactly the byte a byte-by-byte loop stops at, wherever the buffer starts in its memory.
const naiveEnd = (bytes: Uint8Array, i: number, n: number) => {
  for (; i < n; i++) if (bytes[i] === 0x22 || bytes[i] === 0x5c || bytes[i]! < 0x20) return i;
  return n;
};

test('plainEnd stops where a byte loop stops, at every alignment, start and end', () => {
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x80000000;
  // Mostly plain bytes (ASCII and UTF-8 lead/continuation bytes), a special one now and then.
  const special = [0x22, 0x5c, 0x00, 0x09, 0x0a, 0x1f];
  const plain = [0x20, 0x21, 0x23, 0x5b, 0x5d, 0x7f, 0x80, 0xa2, 0xc3, 0xe2, 0xff, 0x41];
  const wrong: string[] = [];
  let checked = 0;
  for (let round = 0; round < 300; round++) {
    const memory = Buffer.alloc(96);
    for (let k = 0; k < memory.length; k++) {
      const pool = random() < 0.08 ? special : plain;
      memory[k] = pool[Math.floor(random() * pool.length)]!;
    }
    const offset = Math.floor(random() * 8);
    const bytes = memory.subarray(offset, offset + Math.floor(random() * (memory.length - offset)));
    const { words, head } = wordsOf(bytes);
    for (let i = 0; i <= bytes.length; i++) {
      for (const n of [bytes.length, Math.min(bytes.length, i + 5), i]) {
        // One expect at the end: tens of thousands of them take the runner minutes.
        if (plainEnd(bytes, words, head, i, n) !== naiveEnd(bytes, i, n)) wrong.push(`round ${round}, offset ${offset}, i ${i}, n ${n}`);
        checked++;
      }
    }
  }
  expect(wrong).toEqual([]);
  expect(checked).toBeGreaterThan(10_000);
});

test('a run of plain bytes is skipped to its end, and a buffer shorter than a word is read byte by byte', () => {
  const long = Buffer.from('x'.repeat(1000) + '\\"' + 'é'.repeat(100) + '"');
  const { words, head } = wordsOf(long);
  expect(plainEnd(long, words, head, 0, long.length)).toBe(1000);
  expect(plainEnd(long, words, head, 1002, long.length)).toBe(long.length - 1);
  for (const text of ['', 'a', 'ab"', '\t']) {
    const b = Buffer.from(text);
    const w = wordsOf(b);
    expect(plainEnd(b, w.words, w.head, 0, b.length)).toBe(naiveEnd(b, 0, b.length));
  }
});
