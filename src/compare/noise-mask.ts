import pixelmatch from 'pixelmatch';
import { PNG } from 'pngjs';
import { z } from 'zod';
import { Box } from '../ir/target.js';

/**
 * What changes by itself on one step's before-state, learned by `--calibrate`: elements whose
 * text changed between two captures (as `html > body:nth-child(2) > …` paths, masked in the
 * screenshot and left out of the DOM text and structure) and screen regions whose pixels
 * changed (CSS px, masked in the screenshot).
 */
export const StepNoise = z.object({
  selectors: z.array(z.string()),
  boxes: z.array(Box),
});
export type StepNoise = z.infer<typeof StepNoise>;

/** `<dataset>/.replaywright/masks.json`: episode id → 0-based step index → what to ignore. */
export const NoiseMasksFile = z.object({
  version: z.literal(1),
  episodes: z.record(z.string(), z.record(z.string(), StepNoise)),
});
export type NoiseMasksFile = z.infer<typeof NoiseMasksFile>;
export type NoiseMasks = NoiseMasksFile['episodes'];

export const isEmptyNoise = (n: StepNoise | undefined): boolean => !n || (n.selectors.length === 0 && n.boxes.length === 0);

/** One element as seen in a capture: its path and the text directly inside it. */
export interface ElementText {
  path: string;
  text: string;
  box?: Box;
}

/**
 * Elements whose own text differs between two captures of the same page, outermost only (a
 * masked element hides its descendants), with the union of their boxes in both captures.
 */
export function changedElements(a: readonly ElementText[], b: readonly ElementText[]): { selectors: string[]; boxes: Box[] } {
  const before = new Map(a.map((e) => [e.path, e]));
  const changed = b.filter((e) => before.has(e.path) && before.get(e.path)!.text !== e.text);
  const outermost = changed.filter((e) => !changed.some((o) => o !== e && e.path.startsWith(`${o.path} > `)));
  const boxes: Box[] = [];
  for (const e of outermost) {
    const boxA = before.get(e.path)!.box;
    const box = boxA && e.box ? union(boxA, e.box) : (boxA ?? e.box);
    if (box) boxes.push(pad(box, 2));
  }
  return { selectors: outermost.map((e) => e.path), boxes };
}

const CELL = 16;

/**
 * Regions (CSS px at `scale` device pixels per CSS px) where two screenshots of the same state
 * differ: differing pixels are binned into 16 px cells and touching cells merged into boxes.
 * Pixels inside `ignore` (the boxes of elements already masked) do not count.
 */
export function changedRegions(pngA: Buffer, pngB: Buffer, threshold: number, scale = 1, ignore: readonly Box[] = []): Box[] {
  if (pngA.equals(pngB)) return [];
  const a = PNG.sync.read(pngA);
  const b = PNG.sync.read(pngB);
  if (a.width !== b.width || a.height !== b.height) return [{ x: 0, y: 0, width: a.width / scale, height: a.height / scale }];
  const { width, height } = a;
  const diff = new PNG({ width, height });
  if (pixelmatch(a.data, b.data, diff.data, width, height, { threshold, diffMask: true }) === 0) return [];
  const cols = Math.ceil(width / CELL);
  const rows = Math.ceil(height / CELL);
  const hot = new Uint8Array(cols * rows);
  const ignored = (x: number, y: number) =>
    ignore.some((b) => x >= b.x * scale && y >= b.y * scale && x < (b.x + b.width) * scale && y < (b.y + b.height) * scale);
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (diff.data[(y * width + x) * 4 + 3]! > 0 && !ignored(x, y)) hot[Math.floor(y / CELL) * cols + Math.floor(x / CELL)] = 1;
    }
  }
  // Connected groups of hot cells (8-neighbourhood), each as its bounding box.
  const boxes: Box[] = [];
  const seen = new Uint8Array(cols * rows);
  for (let start = 0; start < hot.length; start++) {
    if (!hot[start] || seen[start]) continue;
    let [x0, y0, x1, y1] = [cols, rows, -1, -1];
    const queue = [start];
    seen[start] = 1;
    while (queue.length) {
      const i = queue.pop()!;
      const cx = i % cols;
      const cy = Math.floor(i / cols);
      [x0, y0, x1, y1] = [Math.min(x0, cx), Math.min(y0, cy), Math.max(x1, cx), Math.max(y1, cy)];
      for (let dy = -1; dy <= 1; dy++) {
        for (let dx = -1; dx <= 1; dx++) {
          const nx = cx + dx;
          const ny = cy + dy;
          const j = ny * cols + nx;
          if (nx >= 0 && ny >= 0 && nx < cols && ny < rows && hot[j] && !seen[j]) {
            seen[j] = 1;
            queue.push(j);
          }
        }
      }
    }
    const x = x0 * CELL;
    const y = y0 * CELL;
    boxes.push({
      x: x / scale,
      y: y / scale,
      width: (Math.min(width, (x1 + 1) * CELL) - x) / scale,
      height: (Math.min(height, (y1 + 1) * CELL) - y) / scale,
    });
  }
  return boxes;
}

function union(a: Box, b: Box): Box {
  const x = Math.min(a.x, b.x);
  const y = Math.min(a.y, b.y);
  return { x, y, width: Math.max(a.x + a.width, b.x + b.width) - x, height: Math.max(a.y + a.height, b.y + b.height) - y };
}

function pad(b: Box, px: number): Box {
  return { x: b.x - px, y: b.y - px, width: b.width + 2 * px, height: b.height + 2 * px };
}
