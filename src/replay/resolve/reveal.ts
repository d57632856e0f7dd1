import { candidateLocator, type Marked } from './collect.js';

const REVEAL = 'data-rw-reveal';
/** How long a hovered row may take to show its control (a transition, a handler's re-render). */
const SHOWS_WITHIN_MS = 150;

/**
 * Shows a control that only appears on hover the way a person would: by pointing at the
 * nearest visible thing around it (its row or card). Never forces an action on an invisible
 * element: if hovering does not make it visible, it stays unrevealed.
 */
export async function revealByHover(candidate: Marked, timeoutMs = 2000): Promise<boolean> {
  const target = candidateLocator(candidate);
  if (await target.isVisible().catch(() => false)) return true;
  const marked = await target
    .evaluate((el, attr) => {
      for (const old of Array.from(el.ownerDocument.querySelectorAll(`[${attr}]`))) old.removeAttribute(attr);
      for (let p = el.parentElement; p; p = p.parentElement) {
        const r = p.getBoundingClientRect();
        if (r.width > 0 && r.height > 0 && getComputedStyle(p).visibility !== 'hidden') {
          p.setAttribute(attr, '');
          return true;
        }
      }
      return false;
    }, REVEAL)
    .catch(() => false);
  if (!marked) return false;
  await candidate.frame
    .locator(`[${REVEAL}]`)
    .hover({ timeout: timeoutMs })
    .catch(() => undefined);
  // Shown as soon as the hover's style or handler lands (usually the next frame), not after a fixed pause.
  return target
    .waitFor({ state: 'visible', timeout: SHOWS_WITHIN_MS })
    .then(() => true)
    .catch(() => false);
}
