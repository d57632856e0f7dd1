import type { Locate } from '../../ir/index.js';

/**
 * The order `exactMatch` asks a target's locates in: as listed, except that among the first
 * `raced` (the recording's own alternatives, raced by its player) those the page answers come
 * before `aria` ones, which Chrome's accessibility tree answers only at its next update, a frame
 * later: the order a race between them ends in. A raced alternative the page answers wins only
 * on a shown element (locate.ts asks it withShown). Puppeteer's race takes the first element
 * found, shown or not, and a hidden one takes its click nowhere; Chrome's accessibility tree
 * leaves hidden elements out, so asking the page's alternatives first never picks an element that
 * asking the `aria/` one first (as this replay did) would not have.
 */
export function askingOrder(locates: readonly Locate[], raced: number): number[] {
  const order = locates.map((_, i) => i);
  if (raced < 2) return order;
  const first = order.slice(0, raced);
  return [...first.filter((i) => locates[i]!.kind !== 'aria'), ...first.filter((i) => locates[i]!.kind === 'aria'), ...order.slice(raced)];
}
