import type { Locate } from '../../ir/index.js';
import type { Probe } from '../locate.js';
import { pageFunction } from '../page-function.js';
import { shownInPage } from './shown-in-page.js';

/**
 * The order `exactMatch` asks a target's locates in: as listed, except that among the first
 * `raced` (the recording's own alternatives, raced by its player) those the page answers come
 * before `aria` ones, which Chrome's accessibility tree answers only at its next update, a frame
 * later: the order a race between them ends in.
 */
export function askingOrder(locates: readonly Locate[], raced: number): number[] {
  const order = locates.map((_, i) => i);
  if (raced < 2) return order;
  const first = order.slice(0, raced);
  return [...first.filter((i) => locates[i]!.kind !== 'aria'), ...first.filter((i) => locates[i]!.kind === 'aria'), ...order.slice(raced)];
}

/** What `withShown`'s probe answers: shownInPage, and the step's own probe beside it. */
export interface ShownAnswer {
  shown: boolean;
  probed?: unknown;
}

/**
 * `probe` (when there is one) and shownInPage, run together on the element in one round trip. A
 * raced alternative the page answers wins only on a shown element. Puppeteer's race takes the
 * first element found, shown or not, and a hidden one takes its click nowhere; Chrome's
 * accessibility tree leaves hidden elements out, so asking the page's alternatives first never
 * picks an element that asking the `aria/` one first (as this replay did) would not have.
 */
export function withShown(probe: Probe | undefined): Probe {
  const inner = probe ? `(${probe.run.toString()})(el, arg.inner)` : 'undefined';
  return {
    run: pageFunction<Probe['run']>(`(el, arg) => ({ shown: (${shownInPage.toString()})(el), probed: ${inner} })`),
    arg: { inner: probe?.arg },
  };
}

/** The step's own probe answer from a `withShown` answer, or undefined when the element is not shown. */
export function shownProbed(answer: unknown): { probed: unknown } | undefined {
  const a = answer as ShownAnswer | undefined;
  return a?.shown === true ? { probed: a.probed } : undefined;
}
