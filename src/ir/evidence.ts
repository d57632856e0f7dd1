import { z } from 'zod';
import { Box, Viewport } from './target.js';

/** What the recording saw just before a step: the state a replay should be in. */
export const Evidence = z.object({
  url: z.string().optional(),
  /** Absolute path of the recorded screenshot, already checked to lie inside the dataset root. */
  screenshot: z.string().optional(),
  /** Recorded HTML, inline. */
  html: z.string().optional(),
  /**
   * How `html` is written. `dom-xml`: a DOM dump as XML (Mind2Web's raw_html: text in `<text>`
   * nodes, attribute names underscored), which `asBrowserHtml` (recorded-page/) turns back into
   * HTML before it is rendered or compared. Absent: HTML as a browser had it.
   */
  htmlForm: z.enum(['html', 'dom-xml']).optional(),
  /** Absolute path of a recorded HTML/MHTML file inside the dataset root. */
  htmlFile: z.string().optional(),
  viewport: Viewport.optional(),
  deviceScaleFactor: z.number().positive().optional(),
  /** The target's recorded box, in CSS px of `viewport`. */
  targetBox: Box.optional(),
});
export type Evidence = z.infer<typeof Evidence>;
