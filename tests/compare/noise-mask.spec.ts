import { expect, test } from '@playwright/test';
import { PNG } from 'pngjs';
import { domSimilarity, pageShape } from '../../src/compare/dom-similarity.js';
import { changedElements, changedRegions } from '../../src/compare/noise-mask.js';

const page = (clock: string, heading = 'Opening hours') =>
  `<!DOCTYPE html><html><head><title>t</title></head><body><h1>${heading}</h1><p>Open from nine to two.</p><div><span>Now</span><b>${clock}</b></div><img alt="x"><p>Last</p></body></html>`;
const CLOCK = 'html > body:nth-child(2) > div:nth-child(3) > b:nth-child(2)';

test('masked element paths (as the page computes them) drop out of text and structure, nothing else does', () => {
  const a = page('10:00:01');
  const b = page('10:00:07');
  expect(domSimilarity(pageShape(a), pageShape(b)).textSimilarity).toBeLessThan(1);
  expect(domSimilarity(pageShape(a, { masked: [CLOCK] }), pageShape(b, { masked: [CLOCK] }))).toMatchObject({
    textSimilarity: 1,
    structureSimilarity: 1,
  });
  // A void element counts as a child: the paragraph after the <img> is the 5th child of body.
  expect(pageShape(a, { masked: ['html > body:nth-child(2) > p:nth-child(5)'] }).words).not.toContain('last');
  // A real change next to the masked clock still shows.
  expect(
    domSimilarity(pageShape(a, { masked: [CLOCK] }), pageShape(page('10:00:07', 'Summer hours'), { masked: [CLOCK] })).textSimilarity,
  ).toBeLessThan(1);
});

test('changed elements: outermost only, boxes of both captures united', () => {
  const box = (x: number, width: number) => ({ x, y: 10, width, height: 20 });
  const a = [
    { path: 'html', text: '' },
    { path: 'html > body:nth-child(2)', text: '' },
    { path: 'html > body:nth-child(2) > b:nth-child(1)', text: '1', box: box(0, 10) },
    { path: 'html > body:nth-child(2) > b:nth-child(1) > i:nth-child(1)', text: 'x' },
    { path: 'html > body:nth-child(2) > p:nth-child(2)', text: 'same' },
  ];
  const b = [
    { path: 'html', text: '' },
    { path: 'html > body:nth-child(2)', text: '' },
    { path: 'html > body:nth-child(2) > b:nth-child(1)', text: '22', box: box(0, 20) },
    { path: 'html > body:nth-child(2) > b:nth-child(1) > i:nth-child(1)', text: 'y' },
    { path: 'html > body:nth-child(2) > p:nth-child(2)', text: 'same' },
  ];
  expect(changedElements(a, b)).toEqual({
    selectors: ['html > body:nth-child(2) > b:nth-child(1)'],
    boxes: [{ x: -2, y: 8, width: 24, height: 24 }],
  });
});

test('changed regions: differing pixels become one box per connected area, ignored boxes excepted', () => {
  const img = (spots: [number, number][]) => {
    const p = new PNG({ width: 200, height: 100 });
    p.data.fill(255);
    for (const [x, y] of spots)
      for (let dy = 0; dy < 4; dy++)
        for (let dx = 0; dx < 4; dx++) p.data.fill(0, ((y + dy) * 200 + x + dx) * 4, ((y + dy) * 200 + x + dx) * 4 + 3);
    return PNG.sync.write(p);
  };
  const a = img([]);
  const b = img([
    [20, 20],
    [24, 36],
    [150, 70],
  ]);
  expect(changedRegions(a, a, 0.1)).toEqual([]);
  expect(changedRegions(a, b, 0.1)).toEqual([
    { x: 16, y: 16, width: 16, height: 32 },
    { x: 144, y: 64, width: 16, height: 16 },
  ]);
  expect(changedRegions(a, b, 0.1, 1, [{ x: 140, y: 60, width: 20, height: 20 }])).toEqual([{ x: 16, y: 16, width: 16, height: 32 }]);
});
