import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PNG } from 'pngjs';
import { decodePng } from '../../src/compare/png-decode.js';
import { diffScreenshots } from '../../src/compare/screenshot-diff.js';
import { pixelsOffThread, pixelThreadInUse } from '../../src/replay/pixels-off-thread.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** A 200×120 image: grey stripes, and a red block where `block` says (x, y, size). */
function image(block?: [number, number, number], filterType: number = -1): Buffer {
  const png = new PNG({ width: 200, height: 120 });
  for (let y = 0; y < 120; y++)
    for (let x = 0; x < 200; x++) {
      const i = (y * 200 + x) * 4;
      const inBlock = block && x >= block[0] && x < block[0] + block[2] && y >= block[1] && y < block[1] + block[2];
      const v = y % 10 < 5 ? 230 : 200;
      png.data.set(inBlock ? [220, 20, 20, 255] : [v, v, v, 255], i);
    }
  return PNG.sync.write(png, { filterType });
}

const OPTIONS = { threshold: 0.1, maxShiftPx: 40 };
const GATES = { maxDiffPixelRatio: 0.01, maxDiffPixels: 50 };
/** The pairs each way is asked about: what `diffScreenshots` answers, the drawing rule aside. */
const PAIRS: Record<string, [Buffer, Buffer, object?]> = {
  'other encoder, same pixels': [image(undefined, 0), image(undefined, 4)],
  'a few pixels (under the gates)': [image(), image([10, 10, 5])],
  'a block (past the gates)': [image(), image([50, 40, 30])],
  'a block under a mask': [image(), image([50, 40, 30]), { masks: [{ x: 45, y: 35, width: 40, height: 40 }] }],
  'another size': [image(), PNG.sync.write(new PNG({ width: 100, height: 60, fill: true }))],
};

const figures = (d: { ratio: number; pixels: number; shiftPx?: number; resized?: string; otherEncoding?: true }) => ({
  ratio: d.ratio,
  pixels: d.pixels,
  shiftPx: d.shiftPx,
  resized: d.resized,
  otherEncoding: d.otherEncoding,
});

test('the pixel thread (the compiled library, as the CLI runs it) answers as diffScreenshots does, drawing only an image worth keeping', async () => {
  const dir = test.info().outputPath();
  const cases = Object.entries(PAIRS).map(([name, [recorded, live, extra]]) => {
    writeFileSync(join(dir, `${name}.r.png`), recorded);
    writeFileSync(join(dir, `${name}.l.png`), live);
    return { name, extra: extra ?? {} };
  });
  const script = `
    import { readFileSync } from 'node:fs';
    import { pixelsOffThread, pixelThreadInUse } from './dist/replay/pixels-off-thread.js';
    const [dir, cases] = [process.argv[1], JSON.parse(process.argv[2])];
    const out = {};
    for (const c of cases)
      for (const always of [false, true]) {
        const read = (s) => readFileSync(dir + '/' + c.name + s);
        const d = await pixelsOffThread(read('.r.png'), read('.l.png'), { ...${JSON.stringify(OPTIONS)}, ...c.extra }, { always, ...${JSON.stringify(GATES)} });
        out[c.name + (always ? ' (always)' : '')] = { ...d, diffPng: d.diffPng ? d.diffPng.toString('base64') : undefined };
      }
    console.log(JSON.stringify({ onThread: pixelThreadInUse(), out }));
  `;
  const r = spawnSync(process.execPath, ['--input-type=module', '-e', script, dir, JSON.stringify(cases)], { cwd: ROOT, encoding: 'utf8' });
  expect(r.status, r.stderr).toBe(0);
  const { onThread, out } = JSON.parse(r.stdout) as { onThread: boolean; out: Record<string, { diffPng?: string; pixels: number }> };
  expect(onThread).toBe(true);
  for (const [name, [recorded, live, extra]] of Object.entries(PAIRS)) {
    const expected = figures(diffScreenshots(recorded, live, { ...OPTIONS, ...extra }));
    for (const always of [false, true]) {
      const got = out[name + (always ? ' (always)' : '')]!;
      expect(figures(got as never), name).toEqual(expected);
      const worth = expected.pixels > 0 && (always || expected.ratio > GATES.maxDiffPixelRatio || expected.pixels > GATES.maxDiffPixels);
      expect(got.diffPng !== undefined, `${name}: a diff image ${always ? '(always)' : ''}`).toBe(worth);
      // Drawn over the live image's size.
      if (got.diffPng) expect(decodePng(Buffer.from(got.diffPng, 'base64')).width).toBe(decodePng(live).width);
    }
  }
  expect(out['a few pixels (under the gates)']!.pixels).toBeGreaterThan(0);
  expect(out['a block (past the gates)']!.diffPng).toBeDefined();
});

test('run from the TypeScript sources (no compiled thread file), the comparison runs in this thread with the same answer', async () => {
  const [recorded, live] = PAIRS['a block (past the gates)']!;
  const d = await pixelsOffThread(recorded, live, OPTIONS, { always: false, ...GATES });
  expect(pixelThreadInUse()).toBe(false);
  expect(figures(d)).toEqual(figures(diffScreenshots(recorded, live, OPTIONS)));
  expect(d.diffPng).toBeDefined();
});
