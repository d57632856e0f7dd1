/**
 * Runs inside the page, self-contained: whether an element is drawn where it is. Not when its
 * `visibility` is `hidden` or `collapse` (Chrome draws neither; Playwright's visible test and
 * Puppeteer's agree), nor when its box has no area. The one test of "shown" for finding a target:
 * a raced alternative's element, a hidden target's hovered row, a control revealed by hover.
 */
export function shownInPage(el: Element): boolean {
  const style = getComputedStyle(el);
  if (style.visibility === 'hidden' || style.visibility === 'collapse') return false;
  const box = el.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
}
