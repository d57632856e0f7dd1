import { fileURLToPath } from 'node:url';
import { _baseTest, type LaunchOptions, type PlaywrightWorkerOptions } from '@playwright/test';
import { chromium, type Browser } from 'playwright';
import { DEMO_PARAMS, RECORDED_ORIGIN } from '../src/commands/demo.js';
import type { FormatChoice } from '../src/formats/load-dataset.js';
import { Redactor } from '../src/secrets.js';
import { settingsFrom, type ProjectOptions, type ReplaywrightUse } from './settings.js';
import { loadConfig, type ReplaywrightConfig } from '../src/config/index.js';

export { parseParamsEnv, settingsFrom, type ReplaywrightUse } from './settings.js';

/**
 * The dataset the `replays` project turns into tests. It decides which tests exist, so it is
 * read when the spec file loads (before any fixture), from the environment or the config file:
 *
 * - `REPLAYWRIGHT_DATASET` (or `dataset` in the config): a dataset file or folder. Absent: the
 *   bundled fixture recordings, replayed against the bundled site (served by each worker on a free port).
 * - `REPLAYWRIGHT_FORMAT` (or `format`): `auto` (default) or a format name.
 *
 * The other settings (URL mappings, params, secrets, mode…): see replays/settings.ts.
 */
/**
 * The CLI's config file: `REPLAYWRIGHT_CONFIG`, else replaywright.config.{ts,mts,mjs,js,json} in
 * the working directory. Read when this file loads; a bad one is the failing `settings` test.
 */
export const CONFIG: { config: ReplaywrightConfig; file?: string; problem?: string } = await loadConfig({
  file: process.env.REPLAYWRIGHT_CONFIG || undefined,
}).catch((error: Error) => ({ config: {}, problem: error.message }));
export const DATASET = process.env.REPLAYWRIGHT_DATASET || CONFIG.config.dataset || undefined;
export const FIXTURE_DATASET = fileURLToPath(new URL('../fixtures/rpaweb/', import.meta.url));
export const FORMAT = (process.env.REPLAYWRIGHT_FORMAT || CONFIG.config.format || 'auto') as FormatChoice;

export interface ReplaySettings {
  options: ProjectOptions;
  /** Takes every secret value out of a title, message or attachment. */
  redactor: Redactor;
  /** The bundled site when the default dataset is used. */
  siteUrl?: string;
}

interface WorkerFixtures {
  replaywright: ReplaywrightUse;
  replay: ReplaySettings;
  browser: Browser;
  headless: boolean;
  launchOptions: LaunchOptions;
  connectOptions: PlaywrightWorkerOptions['connectOptions'];
  trace: PlaywrightWorkerOptions['trace'];
}

/**
 * Built on the bare runner (`_baseTest`), not on `test`: the latter records every Playwright
 * call of a test as a report step with its parameters (`Fill "<the value typed>"`) and traces
 * every context, so a secret typed by the replay would land in the blob/HTML report and the
 * runner's trace. Here the browser comes from the fixtures below (the same options, `--headed`
 * and `connectOptions` still work) and `--trace` is the replay's own, scrubbed trace.
 */
export const test = _baseTest.extend<object, WorkerFixtures>({
  replaywright: [{}, { scope: 'worker', option: true }],
  headless: [true, { scope: 'worker', option: true }],
  launchOptions: [{}, { scope: 'worker', option: true }],
  connectOptions: [undefined, { scope: 'worker', option: true }],
  trace: ['off', { scope: 'worker', option: true }],
  browser: [
    async ({ headless, launchOptions, connectOptions }, use) => {
      const browser = connectOptions
        ? await chromium.connect(connectOptions.wsEndpoint, {
            headers: connectOptions.headers,
            timeout: connectOptions.timeout,
            exposeNetwork: connectOptions.exposeNetwork,
          })
        : await chromium.launch({ ...launchOptions, headless });
      try {
        await use(browser);
      } finally {
        await browser.close().catch(() => undefined);
      }
    },
    { scope: 'worker' },
  ],
  replay: [
    async ({ replaywright }, use) => {
      let options: ProjectOptions;
      try {
        options = settingsFrom(replaywright, process.env, CONFIG.config);
      } catch (error) {
        const e = new Error((error as Error).message);
        e.stack = e.message; // a bad setting (named in the message), not a place in this file
        throw e;
      }
      const redactor = new Redactor(options.secrets);
      if (DATASET) {
        await use({ options, redactor });
        return;
      }
      // The default dataset: the bundled recordings, against the bundled site on a free port.
      const { startFixtureServer } = (await import(new URL('../fixtures/server.mjs', import.meta.url).href)) as {
        startFixtureServer(): Promise<{ url: string; close(): Promise<void> }>;
      };
      const server = await startFixtureServer();
      try {
        await use({
          options: {
            ...options,
            urlMappings: [{ from: RECORDED_ORIGIN, to: server.url }, ...options.urlMappings],
            params: { ...DEMO_PARAMS, ...options.params },
          },
          redactor,
          siteUrl: server.url,
        });
      } finally {
        await server.close();
      }
    },
    { scope: 'worker' },
  ],
});

export { expect } from '@playwright/test';
