import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { diffScreenshots } from '../../src/compare/screenshot-diff.js';
import { decodePng } from '../../src/compare/png-decode.js';

/** A page-like image: rows of pseudo-random "text" (no period), optionally under a banner. */
function page(width: number, height: number, bannerPx = 0): Buffer {
  const png = new PNG({ width, height });
  for (let y = 0; y < height; y++) {
    const contentRow = y - bannerPx;
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 4;
      const ink =
        contentRow < 0 ? 200 : (Math.imul(contentRow + 1, 2654435761) ^ Math.imul(Math.floor(x / 9) + 1, 40503)) >>> 27 < 5 ? 30 : 245;
      png.data[i] = ink;
      png.data[i + 1] = contentRow < 0 ? 40 : ink;
      png.data[i + 2] = ink;
      png.data[i + 3] = 255;
    }
  }
  return PNG.sync.write(png);
}

test('identical screenshots short-circuit to no difference', () => {
  const a = page(320, 200);
  expect(diffScreenshots(a, Buffer.from(a), { threshold: 0.1 })).toEqual({ ratio: 0, pixels: 0 });
});

test('a banner pushing content down is reported as a shift of its height', () => {
  const recorded = page(320, 240);
  const live = page(320, 240, 37);
  const d = diffScreenshots(recorded, live, { threshold: 0.1, maxShiftPx: 100 });
  expect(d.ratio).toBeGreaterThan(0.2);
  expect(d.shiftPx).toBe(37);
  expect(d.ratioAfterShift!).toBeLessThan(0.01);
});

test('masked regions are ignored on both sides', () => {
  const recorded = PNG.sync.read(page(100, 100));
  const live = PNG.sync.read(page(100, 100));
  for (let y = 10; y < 20; y++) for (let x = 10; x < 30; x++) live.data[(y * 100 + x) * 4] = 0; // a "clock"
  const r = PNG.sync.write(recorded);
  const l = PNG.sync.write(live);
  expect(diffScreenshots(r, l, { threshold: 0.1 }).pixels).toBeGreaterThan(0);
  expect(diffScreenshots(r, l, { threshold: 0.1, masks: [{ x: 10, y: 10, width: 20, height: 10 }] }).pixels).toBe(0);
});

test('a recording of another size with the same aspect is scaled, another aspect is padded', () => {
  const scaled = diffScreenshots(
    PNG.sync.write(new PNG({ width: 2036, height: 1144, fill: true })),
    PNG.sync.write(new PNG({ width: 1280, height: 720, fill: true })),
    { threshold: 0.1 },
  );
  expect(scaled.resized).toBe('scaled 2036×1144 → 1280×720');
  expect(scaled.ratio).toBe(0);
  const padded = diffScreenshots(page(100, 50), page(100, 100), { threshold: 0.1 });
  expect(padded.resized).toBe('padded 100×50 → 100×100');
  expect(padded.ratio).toBeGreaterThanOrEqual(0.5);
});

test('a diff image is produced on request', () => {
  const d = diffScreenshots(page(64, 64), page(64, 64, 5), { threshold: 0.1, diffImage: true });
  const img = PNG.sync.read(d.diffPng!);
  expect([img.width, img.height]).toEqual([64, 64]);
  // Drawn from the pixels the count compared: red where they differ, as many as it counted.
  let red = 0;
  for (let i = 0; i < img.data.length; i += 4) if (img.data[i] === 255 && img.data[i + 1] === 0 && img.data[i + 2] === 0) red++;
  expect(d.pixels).toBeGreaterThan(0);
  expect(red).toBe(d.pixels);
});

test('the same pixels in other bytes say so (another encoder); different pixels or a mask that hides them do not', () => {
  const a = page(120, 80);
  const reencoded = PNG.sync.write(PNG.sync.read(a), { filterType: 0, deflateLevel: 1 });
  expect(reencoded.equals(a)).toBe(false);
  expect(diffScreenshots(a, reencoded, { threshold: 0.1 })).toEqual({ ratio: 0, pixels: 0, otherEncoding: true });
  const other = page(120, 80, 5);
  expect(diffScreenshots(a, other, { threshold: 0.1 }).otherEncoding).toBeUndefined();
  const masked = diffScreenshots(a, other, { threshold: 0.1, masks: [{ x: 0, y: 0, width: 120, height: 80 }] });
  expect(masked).toMatchObject({ pixels: 0 });
  expect(masked.otherEncoding).toBeUndefined();
});

test('a recorded image decoded ahead gives the result decoding it here gives', () => {
  const recorded = page(120, 80);
  const live = page(120, 80, 9);
  const options = { threshold: 0.1, maxShiftPx: 20, masks: [{ x: 0, y: 70, width: 30, height: 10 }] };
  const here = diffScreenshots(recorded, live, options);
  const ahead = diffScreenshots(recorded, live, { ...options, recordedPixels: decodePng(recorded) });
  expect(here.pixels).toBeGreaterThan(0);
  expect(ahead).toEqual(here);
});
