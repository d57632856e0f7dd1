import { z } from 'zod';

/** A rectangle in CSS pixels of the viewport it was recorded in. */
export const Box = z.object({
  x: z.number(),
  y: z.number(),
  width: z.number().nonnegative(),
  height: z.number().nonnegative(),
});
export type Box = z.infer<typeof Box>;

export const Viewport = z.object({
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Viewport = z.infer<typeof Viewport>;

/**
 * One way of finding the recorded element. A Target lists several, best first, because
 * datasets record the same element in different ways and each can break on its own
 * when the site changes.
 */
export const Locate = z.discriminatedUnion('kind', [
  /** A Playwright selector as the recorder wrote it, `internal:` engines included. */
  z.object({
    kind: z.literal('selector'),
    selector: z.string().min(1),
    /** iframe selectors from the main frame down (recorder 1.50–1.61); [] = main frame. */
    framePath: z.array(z.string()).optional(),
  }),
  z.object({
    kind: z.literal('role'),
    role: z.string().min(1),
    name: z.string().optional(),
    exact: z.boolean().optional(),
  }),
  z.object({
    kind: z.enum(['text', 'label', 'placeholder', 'alt', 'title']),
    text: z.string(),
    exact: z.boolean().optional(),
  }),
  z.object({ kind: z.literal('testId'), testId: z.string() }),
  /**
   * Chrome's accessibility tree (CDP `Accessibility.queryAXTree`, as Puppeteer's `aria/` query):
   * nodes whose computed name is exactly `name` and, when given, whose Chrome role is `role`.
   * `framePath`: child-frame indexes from the main frame down.
   */
  z.object({
    kind: z.literal('aria'),
    name: z.string().optional(),
    role: z.string().optional(),
    framePath: z.array(z.number().int().nonnegative()).optional(),
  }),
  /**
   * Elements whose text holds `text` as written (case and white space kept), the innermost ones:
   * Puppeteer's `text/` query. An element's text is its text nodes' and its open shadow root's;
   * a form field's is its value; <script>, <style> and <head> have none.
   * `framePath`: child-frame indexes from the main frame down.
   */
  z.object({
    kind: z.literal('textContains'),
    text: z.string().min(1),
    framePath: z.array(z.number().int().nonnegative()).optional(),
  }),
  z.object({ kind: z.literal('css'), css: z.string().min(1) }),
  z.object({ kind: z.literal('xpath'), xpath: z.string().min(1) }),
  /** Chrome DevTools backend node id from the recording (Mind2Web, VWA). */
  z.object({ kind: z.literal('backendNodeId'), backendNodeId: z.string().min(1) }),
  /** What the element looked like, for re-finding it when every selector fails. */
  z.object({
    kind: z.literal('fingerprint'),
    tag: z.string().optional(),
    id: z.string().optional(),
    name: z.string().optional(),
    role: z.string().optional(),
    ariaLabel: z.string().optional(),
    placeholder: z.string().optional(),
    text: z.string().optional(),
  }),
  /** Where the element was on screen when recorded. */
  z.object({ kind: z.literal('box'), box: Box, viewport: Viewport.optional() }),
]);
export type Locate = z.infer<typeof Locate>;

export const Target = z.object({
  /** Ordered alternatives, best first; at least one. */
  locate: z.array(Locate).min(1),
  /** How a person would name the element, e.g. `button "Submit"`. */
  description: z.string().optional(),
  /**
   * The recording acted at the centre of this target's `box` (VWA `element_id`): the replay
   * acts there too, after checking the element at that point is the recorded one
   * (`--repair` re-finds it by role, name and nearest box when it is not).
   */
  atPoint: z.boolean().optional(),
  /**
   * The first `raced` locates are the recording's own alternatives, which its player races
   * (@puppeteer/replay runs a DevTools step's selectors as one `Locator.race`: the first to
   * find an element wins). Any of them finding the element is the recorded target; the replay
   * asks those answered in the page before those Chrome's accessibility tree answers, a frame
   * later, as the race ends.
   */
  raced: z.number().int().positive().optional(),
});
export type Target = z.infer<typeof Target>;
