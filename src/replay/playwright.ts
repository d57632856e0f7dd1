import { createRequire } from 'node:module';

/**
 * Playwright's `chromium`, loaded with `require`. Node's `import` of Playwright's CommonJS entry
 * first scans the source it re-exports (a 3.6 MB bundle) for export names with cjs-module-lexer:
 * ~100 ms of CPU before the browser can launch, on every `run` (measured: `import` 468 ms vs
 * `require` 362 ms, medians of 10, alternating). `require` loads the same module without the scan.
 */
export const { chromium } = createRequire(import.meta.url)('playwright') as typeof import('playwright');
