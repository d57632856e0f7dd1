/** How far off any screen a recorded coordinate may be before it is nonsense, not a scrolled page: 10⁶ px. */
export const ABSURD_OFFSET_PX = 1_000_000;

/**
 * Why a recorded point or box is unusable, or undefined. A coordinate more than 10⁶ px off the
 * screen it was recorded on (−4.5e99 has been seen) is no place a page can scroll to: replaying
 * it would wait out the step timeout (or hand Chromium numbers it cannot take), so it is
 * rejected when the dataset is decoded, naming the value.
 */
export function absurdCoordinates(values: Record<string, number>, screen: { width: number; height: number }): string | undefined {
  for (const [name, v] of Object.entries(values)) {
    const extent = /^(x|left|right|width)/i.test(name) ? screen.width : screen.height;
    if (!Number.isFinite(v) || v < -ABSURD_OFFSET_PX || v > extent + ABSURD_OFFSET_PX)
      return `${name} ${v} is more than ${ABSURD_OFFSET_PX} px off the ${screen.width}×${screen.height} screen`;
  }
  return undefined;
}
