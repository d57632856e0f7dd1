import { fileURLToPath } from 'node:url';
import { test as base } from '@playwright/test';
import { DEMO_PARAMS, RECORDED_ORIGIN } from '../src/commands/demo.js';
import type { FormatChoice } from '../src/formats/load-dataset.js';
import { DEFAULT_REPLAY_OPTIONS, type ReplayOptions } from '../src/replay/run-episode.js';
import { parseUrlMapping, type UrlMapping } from '../src/replay/url-map.js';

/**
 * The dataset the `replays` project turns into tests. It decides which tests exist, so it is
 * read when the spec file loads (before any fixture), from the environment:
 *
 * - `REPLAYWRIGHT_DATASET`: a dataset file or folder. Absent: the bundled fixture recordings,
 *   replayed against the bundled site (served by each worker on a free port).
 * - `REPLAYWRIGHT_FORMAT`: `auto` (default) or a format name.
 */
export const DATASET = process.env.REPLAYWRIGHT_DATASET || undefined;
export const FIXTURE_DATASET = fileURLToPath(new URL('../fixtures/rpaweb/', import.meta.url));
export const FORMAT = (process.env.REPLAYWRIGHT_FORMAT || 'auto') as FormatChoice;

/**
 * Per-run settings, from the project's `use: { replaywright: {…} }` in playwright.config.ts, or
 * the environment (which wins): `REPLAYWRIGHT_MAP_URL="FROM=TO,FROM=TO"`,
 * `REPLAYWRIGHT_PARAMS="NAME=VALUE,NAME=VALUE"` (or a JSON object), `REPLAYWRIGHT_TIMEOUT` (ms per
 * step), `REPLAYWRIGHT_STRICT=1`, `REPLAYWRIGHT_FILES_DIR`.
 */
export interface ReplaywrightUse {
  mapUrl?: string | string[];
  params?: Record<string, string>;
  timeoutMs?: number;
  strict?: boolean;
  filesDir?: string;
}

export interface ReplaySettings {
  options: Omit<ReplayOptions, 'out'>;
  /** The bundled site when the default dataset is used. */
  siteUrl?: string;
}

const splitList = (v: string): string[] => v.split(',').map((s) => s.trim()).filter(Boolean);

export function parseParamsEnv(v: string): Record<string, string> {
  if (v.trim().startsWith('{')) return Object.fromEntries(Object.entries(JSON.parse(v) as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
  const params: Record<string, string> = {};
  for (const pair of splitList(v)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`REPLAYWRIGHT_PARAMS expects NAME=VALUE[,NAME=VALUE], got "${pair}"`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return params;
}

function settingsFrom(use: ReplaywrightUse, env: NodeJS.ProcessEnv): Omit<ReplayOptions, 'out'> {
  const mapSpecs = env.REPLAYWRIGHT_MAP_URL !== undefined ? splitList(env.REPLAYWRIGHT_MAP_URL) : typeof use.mapUrl === 'string' ? splitList(use.mapUrl) : (use.mapUrl ?? []);
  const urlMappings: UrlMapping[] = mapSpecs.map(parseUrlMapping);
  const params = env.REPLAYWRIGHT_PARAMS !== undefined ? parseParamsEnv(env.REPLAYWRIGHT_PARAMS) : (use.params ?? {});
  const timeoutMs = env.REPLAYWRIGHT_TIMEOUT ? Number(env.REPLAYWRIGHT_TIMEOUT) : (use.timeoutMs ?? DEFAULT_REPLAY_OPTIONS.timeoutMs);
  const strict = env.REPLAYWRIGHT_STRICT ? env.REPLAYWRIGHT_STRICT !== '0' : use.strict;
  return { ...DEFAULT_REPLAY_OPTIONS, urlMappings, params, timeoutMs, strict, filesDir: env.REPLAYWRIGHT_FILES_DIR ?? use.filesDir };
}

export const test = base.extend<object, { replaywright: ReplaywrightUse; replay: ReplaySettings }>({
  replaywright: [{}, { scope: 'worker', option: true }],
  replay: [
    async ({ replaywright }, use) => {
      const options = settingsFrom(replaywright, process.env);
      if (DATASET) {
        await use({ options });
        return;
      }
      // The default dataset: the bundled recordings, against the bundled site on a free port.
      const { startFixtureServer } = (await import(new URL('../fixtures/server.mjs', import.meta.url).href)) as {
        startFixtureServer(): Promise<{ url: string; close(): Promise<void> }>;
      };
      const server = await startFixtureServer();
      try {
        await use({
          options: { ...options, urlMappings: [{ from: RECORDED_ORIGIN, to: server.url }, ...options.urlMappings], params: { ...DEMO_PARAMS, ...options.params } },
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
