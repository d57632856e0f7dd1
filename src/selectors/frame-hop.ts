/** The selector part that steps from an iframe element into its document. */
export const ENTER_FRAME = 'internal:control=enter-frame';

/** The same, as it joins two selector strings (`a >> internal:control=enter-frame >> b`). */
export const FRAME_HOP = ` >> ${ENTER_FRAME} >> `;

/**
 * One selector string for an element inside nested frames: the iframe selectors from the main
 * frame down, then the element's own (Playwright's `buildFullSelector`, the form ≥1.62 writes).
 */
export function throughFrames(framePath: readonly string[], selector: string): string {
  return [...framePath, selector].join(FRAME_HOP);
}
