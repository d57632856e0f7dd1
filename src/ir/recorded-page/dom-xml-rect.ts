import type { Box } from '../target.js';

/**
 * `bounding_box_rect` ("x,y,w,h", CSS px, document coordinates of the 1280-px-wide re-render):
 * a Box, `null` for Mind2Web's "no layout box" (`-1,-1,-1,-1`), undefined when unreadable.
 */
export function parseRect(rect: string): Box | null | undefined {
  const parts = rect.split(',').map((s) => s.trim());
  if (parts.length !== 4 || parts.some((p) => p === '')) return undefined;
  const [x, y, width, height] = parts.map(Number) as [number, number, number, number];
  if (![x, y, width, height].every(Number.isFinite)) return undefined;
  if (x === -1 && y === -1 && width === -1 && height === -1) return null;
  if (width < 0 || height < 0) return undefined;
  return { x, y, width, height };
}
