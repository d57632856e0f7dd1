import { expect, test } from '@playwright/test';
import { changedRegion } from '../../src/compare/changed-region.js';
import type { Rgba } from '../../src/compare/png-decode.js';

// What a step did to one element, read from the recorded screenshots on either side of it.

const image = (width: number, height: number, paint?: { x: number; y: number; width: number; height: number }): Rgba => {
  const data = Buffer.alloc(width * height * 4, 255);
  if (paint)
    for (let y = paint.y; y < paint.y + paint.height; y++)
      for (let x = paint.x; x < paint.x + paint.width; x++) data.fill(0, (y * width + x) * 4, (y * width + x) * 4 + 3);
  return { width, height, data };
};

test('the box of the pixels that changed inside the element; none, too many, or other sizes say nothing', () => {
  const word = { x: 40, y: 10, width: 12, height: 6 };
  // The solid part: 1 px short on each side, the same centre.
  expect(changedRegion(image(100, 40), image(100, 40, word), { x: 0, y: 0, width: 100, height: 40 })).toEqual({
    x: 41,
    y: 11,
    width: 10,
    height: 4,
  });
  // A focus ring's 1-2 px lines around the element are no part of it.
  const ringed = image(100, 40, word);
  for (const line of [
    { x: 0, y: 0, width: 100, height: 2 },
    { x: 0, y: 38, width: 100, height: 2 },
    { x: 0, y: 0, width: 2, height: 40 },
    { x: 98, y: 0, width: 2, height: 40 },
  ])
    for (let y = line.y; y < line.y + line.height; y++) ringed.data.fill(0, (y * 100 + line.x) * 4, (y * 100 + line.x + line.width) * 4);
  expect(changedRegion(image(100, 40), ringed, { x: 0, y: 0, width: 100, height: 40 })).toEqual({ x: 41, y: 11, width: 10, height: 4 });
  // A change outside the element's box is not the element's.
  expect(changedRegion(image(100, 40), image(100, 40, word), { x: 60, y: 0, width: 40, height: 40 })).toBeUndefined();
  expect(changedRegion(image(100, 40), image(100, 40), { x: 0, y: 0, width: 100, height: 40 })).toBeUndefined();
  // Most of the box redrawn: another page, not a mark on this one.
  expect(
    changedRegion(image(100, 40), image(100, 40, { x: 0, y: 0, width: 90, height: 40 }), { x: 0, y: 0, width: 100, height: 40 }),
  ).toBeUndefined();
  expect(changedRegion(image(100, 40), image(90, 40), { x: 0, y: 0, width: 90, height: 40 })).toBeUndefined();
});
