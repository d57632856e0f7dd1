import { expect, test } from '@playwright/test';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PNG } from 'pngjs';
import { decodePng } from '../../src/compare/png-decode.js';

// decodePng's own path must give exactly the pixels pngjs gives, whatever the encoder chose.

/** Noise with structure, so every row filter has something to predict. */
function image(width: number, height: number, alpha: boolean): PNG {
  const png = new PNG({ width, height });
  for (let i = 0; i < width * height; i++) {
    const x = i % width;
    const y = Math.floor(i / width);
    png.data[i * 4] = (x * 7 + y * 3) & 0xff;
    png.data[i * 4 + 1] = Math.imul(i + 1, 2654435761) >>> 24;
    png.data[i * 4 + 2] = (x ^ y) & 0xff;
    png.data[i * 4 + 3] = alpha ? (x * 13) & 0xff : 255;
  }
  return png;
}

for (const colorType of [2, 6] as const)
  for (const filterType of [0, 1, 2, 3, 4, -1])
    test(`colour type ${colorType}, row filter ${filterType < 0 ? 'adaptive' : filterType}: the same pixels as pngjs`, () => {
      const source = image(37, 23, colorType === 6);
      const bytes = PNG.sync.write(source, { colorType, filterType, inputHasAlpha: true });
      const ours = decodePng(bytes);
      const theirs = PNG.sync.read(bytes);
      expect([ours.width, ours.height]).toEqual([37, 23]);
      expect(Buffer.compare(ours.data, theirs.data)).toBe(0);
    });

test('the recorded fixture screenshots decode to the same pixels as with pngjs', () => {
  const dir = join(process.cwd(), 'fixtures', 'rpaweb', 'png');
  const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.png'));
  expect(files.length).toBeGreaterThan(10);
  for (const f of files) {
    const bytes = readFileSync(join(dir, f));
    expect(Buffer.compare(decodePng(bytes).data, PNG.sync.read(bytes).data), f).toBe(0);
  }
});

test('what the fast path does not read (grey, palette, 16-bit, interlaced) is read by pngjs', () => {
  const grey = PNG.sync.write(image(9, 5, false), { colorType: 0, inputHasAlpha: true });
  expect(decodePng(grey).data).toEqual(PNG.sync.read(grey).data);
  const deep = PNG.sync.write(image(9, 5, true), { colorType: 6, bitDepth: 16, inputHasAlpha: true });
  expect(decodePng(deep).data).toEqual(PNG.sync.read(deep).data);
  expect(() => decodePng(Buffer.from('not a png'))).toThrow();
});
