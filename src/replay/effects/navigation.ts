import type { Page, Response } from 'playwright';
import { checked, noEffect, type EffectCheck } from './effect.js';

/** A URL without its fragment's absence mattering: `http://a/` and `http://a` are one page. */
function same(a: string, b: string): boolean {
  const norm = (u: string) => {
    try {
      const url = new URL(u);
      return url.href.replace(/\/$/, '');
    } catch {
      return u;
    }
  };
  return norm(a) === norm(b);
}

/**
 * goto (navigate, openPage with a URL): the page is at the URL asked for, or where the server
 * (or the page's own script) redirected it — but not still on the page it was on, nor blank.
 */
export function afterGoto(page: Page, requested: string, response: Response | null, before: string | undefined): EffectCheck {
  const now = page.url();
  if (same(now, requested)) return checked(`at ${now}`);
  if (response && response.request().redirectedFrom()) return checked(`at ${now} (the server redirected ${requested} there)`);
  if (now === 'about:blank' || (before !== undefined && same(now, before) && !same(before, requested)))
    return noEffect(`expected the page at ${requested}; it is still at ${now}`);
  return checked(`at ${now} (the page moved on from ${requested})`);
}

/** goBack / goForward: Playwright answers null when there is no history entry to go to. */
export function afterHistory(page: Page, direction: 'back' | 'forward', response: Response | null, before: string): EffectCheck {
  const now = page.url();
  if (now !== before) return checked(`went ${direction} to ${now}`);
  if (response) return checked(`went ${direction} to ${now} (the same URL)`);
  return noEffect(`expected to go ${direction}; there is no page to go ${direction} to, still at ${now}`);
}
