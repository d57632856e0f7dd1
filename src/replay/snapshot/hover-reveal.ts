import type { Page } from 'playwright';
import type { Box, Target } from '../../ir/index.js';
import { resolveTarget, type Resolution } from '../locate.js';

const HOST = 'data-rw-hover-host';
/** Hover hosts tried at most (a page styling every `li:hover` has many). */
const MAX_HOSTS = 200;

export interface HoverReveal {
  found: Extract<Resolution, { ok: true }>;
  /** Hover hosts under which the target was found, unique each time: more than one means the recording's pointer decided which. */
  hosts: number;
}

/**
 * A recorded page cannot carry `:hover`, so a control that exists only for the pointer (a card's
 * Delete, shown by `.card:hover .delete`) is hidden in its snapshot even when the recording is
 * right. This points at what the page's own `:hover` rules name (the part of each selector before
 * `:hover`, e.g. `.card`), one element at a time, as a person would, and looks for the target
 * again under each. Several hosts revealing it (one Delete per card) are told apart by the
 * recorded box when there is one, else the first in document order is taken and the count said.
 */
export async function revealHoverOnly(
  page: Page,
  target: Target,
  recordedBox: Box | undefined,
  timeoutMs: number,
): Promise<HoverReveal | undefined> {
  const hosts = await page
    .evaluate(
      ({ attr, max }) => {
        const prefixes = new Set<string>();
        const visit = (rules: CSSRuleList) => {
          for (const rule of Array.from(rules)) {
            if (rule instanceof CSSStyleRule) {
              for (const part of rule.selectorText.split(',')) {
                const at = part.indexOf(':hover');
                const prefix = at > 0 ? part.slice(0, at).trim() : '';
                if (prefix && !/[\s>+~]$/.test(prefix)) prefixes.add(prefix);
              }
            } else if ('cssRules' in rule) visit((rule as CSSGroupingRule).cssRules);
          }
        };
        for (const sheet of Array.from(document.styleSheets)) {
          try {
            visit(sheet.cssRules);
          } catch {
            // A sheet that cannot be read (cross-origin) names no hosts.
          }
        }
        let n = 0;
        for (const old of Array.from(document.querySelectorAll(`[${attr}]`))) old.removeAttribute(attr);
        for (const el of Array.from(document.querySelectorAll('*'))) {
          if (n >= max) break;
          if (
            ![...prefixes].some((p) => {
              try {
                return el.matches(p);
              } catch {
                return false;
              }
            })
          )
            continue;
          const r = el.getBoundingClientRect();
          if (r.width > 0 && r.height > 0) el.setAttribute(attr, String(n++));
        }
        return n;
      },
      { attr: HOST, max: MAX_HOSTS },
    )
    .catch(() => 0);

  const revealed: { found: Extract<Resolution, { ok: true }>; host: number; distance: number }[] = [];
  for (let i = 0; i < hosts; i++) {
    await page
      .locator(`[${HOST}="${i}"]`)
      .hover({ timeout: Math.min(timeoutMs, 1000) })
      .catch(() => undefined);
    const found = await resolveTarget(page, target, { timeoutMs: 1, snapshot: true });
    if (!found.ok || !(await found.locator.isVisible().catch(() => false))) continue;
    const box = await found.locator.boundingBox().catch(() => null);
    const distance =
      recordedBox && box
        ? Math.hypot(
            box.x + box.width / 2 - (recordedBox.x + recordedBox.width / 2),
            box.y + box.height / 2 - (recordedBox.y + recordedBox.height / 2),
          )
        : 0;
    revealed.push({ found, host: i, distance });
  }
  if (revealed.length === 0) return undefined;
  const best = revealed.reduce((a, b) => (b.distance < a.distance ? b : a));
  // Leave the pointer where the target shows, so the checks that follow see it as the user did.
  await page
    .locator(`[${HOST}="${best.host}"]`)
    .hover({ timeout: Math.min(timeoutMs, 1000) })
    .catch(() => undefined);
  return { found: { ...best.found, revealed: true }, hosts: revealed.length };
}
