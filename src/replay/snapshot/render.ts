import type { Page } from 'playwright';
import type { Evidence } from '../../ir/index.js';
import { asBrowserHtml } from '../../ir/recorded-page/index.js';
import { readFileSync } from 'node:fs';

// Hints that make Chromium resolve or connect to hosts outside request interception.
const NETWORK_HINTS = /<link\b[^>]*\brel\s*=\s*["']?[^"'>]*\b(?:dns-prefetch|preconnect|prefetch|prerender|modulepreload)\b[^>]*>/gi;
const SPECULATION_RULES = /<script\b[^>]*type\s*=\s*["']?speculationrules["']?[^>]*>[\s\S]*?<\/script>/gi;
const META_REFRESH = /<meta\b[^>]*http-equiv\s*=\s*["']?refresh["']?[^>]*>/gi;

/** The recorded HTML of a step, ready to render sealed; undefined when there is none to render. */
export function recordedHtml(before: Evidence | undefined): string | undefined {
  let html = before?.html;
  if (html === undefined && before?.htmlFile && /\.html?$/i.test(before.htmlFile)) {
    try {
      html = readFileSync(before.htmlFile, 'utf8');
    } catch {
      return undefined;
    }
  }
  if (html === undefined) return undefined;
  return asBrowserHtml(before, html).replace(NETWORK_HINTS, '').replace(META_REFRESH, '').replace(SPECULATION_RULES, '');
}

export async function render(
  page: Page,
  html: string,
  viewport: { width: number; height: number } | undefined,
  timeoutMs: number,
): Promise<void> {
  if (viewport) await page.setViewportSize(viewport);
  await page.setContent(html, { waitUntil: 'domcontentloaded', timeout: timeoutMs });
}
