import { z } from 'zod';

/**
 * Something the recording says happened because of a step: the replay must see it
 * happen too (and handle it) for the step to count as reproduced.
 */
export const Expectation = z.discriminatedUnion('kind', [
  /**
   * A new page opened by this step, known afterwards under `page`. `url`: where the recording
   * saw that page when the format cannot say which step opened it (DevTools `target`); a page
   * already open there and not yet claimed then counts too.
   */
  z.object({
    kind: z.literal('popup'),
    page: z.string().min(1),
    url: z.string().optional(),
    /**
     * When no page opens at `url`, a frame of this page at `url` that runs in a process of its own
     * (a target of its own, as @puppeteer/replay looks up DevTools `target`s) stands for it: the
     * steps on `page` then run in that frame, and their targets must be frame-relative
     * (`selector` and `aria` locates, each with a `framePath`, [] for the frame itself).
     */
    frameOf: z.string().min(1).optional(),
  }),
  /** A download started; `alias` distinguishes downloads of one session ("" = first). */
  z.object({ kind: z.literal('download'), alias: z.string() }),
  /**
   * A JavaScript dialog opened. The Playwright recorder can only record dismissing it,
   * so `dismiss` is the faithful default.
   */
  z.object({
    kind: z.literal('dialog'),
    alias: z.string().optional(),
    response: z.enum(['dismiss', 'accept']).default('dismiss'),
    promptText: z.string().optional(),
  }),
  /**
   * The main frame of some page navigated to `url` shortly after the step; with `framePath`
   * (iframe selectors, main frame down), that frame of the step's page did.
   */
  z.object({ kind: z.literal('navigation'), url: z.string(), framePath: z.array(z.string()).optional() }),
  /** An element that must be visible before the step runs (recorder ≥1.62 `expect`). */
  z.object({ kind: z.literal('visible'), selector: z.string().min(1) }),
]);
export type Expectation = z.infer<typeof Expectation>;
