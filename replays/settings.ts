import { gatherParams } from '../src/commands/params.js';
import { parseStartUrls } from '../src/commands/start-urls.js';
import { DEFAULT_REPLAY_OPTIONS, FAIL_ON_CHOICES, type FailOn, type ReplayOptions } from '../src/replay/run-episode.js';
import { parseUrlMapping, type UrlMapping } from '../src/ir/url-map.js';
import type { Secret } from '../src/secrets.js';

/**
 * Per-run settings of the `replays` project, from `use: { replaywright: {…} }` in
 * playwright.config.ts or the environment (which wins):
 *
 * - `REPLAYWRIGHT_MAP_URL="FROM=TO,FROM=TO"`
 * - `REPLAYWRIGHT_PARAMS` / `REPLAYWRIGHT_SECRETS`: `NAME=VALUE,NAME=VALUE` or a JSON object;
 *   secrets are typed like params and scrubbed from every title, message and attachment. As with
 *   the CLI, `REPLAYWRIGHT_PARAM_<NAME>` / `REPLAYWRIGHT_SECRET_<NAME>` give one each (the lists
 *   win over them), and a name declared secret anywhere stays secret.
 * - `REPLAYWRIGHT_MODE=live|snapshot`, `REPLAYWRIGHT_ALLOW_SCRIPTS=1` (snapshot mode)
 * - `REPLAYWRIGHT_START_URL="URL"` or `"WEBSITE=URL,WEBSITE=URL"` (the CLI's `--start-url`): where
 *   episodes that record no start page (Mind2Web, BabyAGI) begin
 * - `REPLAYWRIGHT_TIMEOUT` (ms per step), `REPLAYWRIGHT_STRICT=1`, `REPLAYWRIGHT_FILES_DIR`
 * - `REPLAYWRIGHT_FAIL_ON=diverged|drift|never` (the CLI's `--fail-on`): which before-state
 *   verdict fails an episode's test
 */
export interface ReplaywrightUse {
  mapUrl?: string | string[];
  params?: Record<string, string>;
  secrets?: Record<string, string>;
  mode?: ReplayMode;
  allowScripts?: boolean;
  startUrl?: string | string[];
  timeoutMs?: number;
  strict?: boolean;
  filesDir?: string;
  failOn?: FailOn;
}

export type ReplayMode = 'live' | 'snapshot';

export type ProjectOptions = Omit<ReplayOptions, 'out'> & { replayMode: ReplayMode; secrets: Secret[] };

const splitList = (v: string): string[] => v.split(',').map((s) => s.trim()).filter(Boolean);

export function parseParamsEnv(v: string, variable = 'REPLAYWRIGHT_PARAMS'): Record<string, string> {
  if (v.trim().startsWith('{')) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(v);
    } catch {
      // JSON.parse quotes the text around the fault, which may be a secret.
      throw new Error(`${variable}: not valid JSON`);
    }
    return Object.fromEntries(Object.entries(parsed as Record<string, unknown>).map(([k, x]) => [k, String(x)]));
  }
  const params: Record<string, string> = {};
  for (const pair of splitList(v)) {
    const eq = pair.indexOf('=');
    if (eq <= 0) throw new Error(`${variable} expects NAME=VALUE[,NAME=VALUE], got "${variable === 'REPLAYWRIGHT_SECRETS' ? pair.replace(/./g, '*') : pair}"`);
    params[pair.slice(0, eq)] = pair.slice(eq + 1);
  }
  return params;
}

function parseFailOn(v: string, where: string): FailOn {
  if ((FAIL_ON_CHOICES as readonly string[]).includes(v)) return v as FailOn;
  throw new Error(`${where} must be ${FAIL_ON_CHOICES.join(', ')}, got "${v}"`);
}

function parseMode(v: string, where: string): ReplayMode {
  if (v === 'live' || v === 'snapshot') return v;
  throw new Error(`${where} must be live or snapshot, got "${v}"`);
}

/** Params and secrets from every source, merged as the CLI merges them (see commands/params.ts). */
function gatherValues(use: ReplaywrightUse, env: NodeJS.ProcessEnv): { params: Record<string, string>; secrets: Secret[] } {
  const perName = gatherParams({ env });
  const given: { name: string; value: string; secret: boolean }[] = [];
  const secretNames = new Set(perName.secrets.map((s) => s.name.toLowerCase()));
  for (const [name, value] of Object.entries(perName.params)) given.push({ name, value, secret: secretNames.has(name.toLowerCase()) });
  const listed = (variable: string, fromUse: Record<string, string> | undefined) => (env[variable] !== undefined ? parseParamsEnv(env[variable]!, variable) : (fromUse ?? {}));
  for (const [name, value] of Object.entries(listed('REPLAYWRIGHT_PARAMS', use.params))) given.push({ name, value, secret: false });
  for (const [name, value] of Object.entries(listed('REPLAYWRIGHT_SECRETS', use.secrets))) given.push({ name, value, secret: true });

  const params: Record<string, string> = {};
  for (const g of given) {
    // Same param whatever the case, as dataset names are matched ignoring case.
    const existing = Object.keys(params).find((k) => k.toLowerCase() === g.name.toLowerCase());
    if (existing !== undefined) delete params[existing];
    params[g.name] = g.value;
    if (g.secret) secretNames.add(g.name.toLowerCase());
  }
  // Every value given for a secret name, including the ones overridden (the CLI's rule).
  const secrets = new Map<string, Secret>();
  for (const g of [...perName.secrets, ...given.filter((x) => secretNames.has(x.name.toLowerCase()))]) secrets.set(`${g.name}\0${g.value}`, { name: g.name, value: g.value });
  return { params, secrets: [...secrets.values()] };
}

export function settingsFrom(use: ReplaywrightUse, env: NodeJS.ProcessEnv): ProjectOptions {
  const mapSpecs = env.REPLAYWRIGHT_MAP_URL !== undefined ? splitList(env.REPLAYWRIGHT_MAP_URL) : typeof use.mapUrl === 'string' ? splitList(use.mapUrl) : (use.mapUrl ?? []);
  const urlMappings: UrlMapping[] = mapSpecs.map(parseUrlMapping);
  const { params, secrets } = gatherValues(use, env);
  const timeoutMs = env.REPLAYWRIGHT_TIMEOUT ? Number(env.REPLAYWRIGHT_TIMEOUT) : (use.timeoutMs ?? DEFAULT_REPLAY_OPTIONS.timeoutMs);
  const strict = env.REPLAYWRIGHT_STRICT ? env.REPLAYWRIGHT_STRICT !== '0' : use.strict;
  const replayMode = env.REPLAYWRIGHT_MODE ? parseMode(env.REPLAYWRIGHT_MODE, 'REPLAYWRIGHT_MODE') : use.mode ? parseMode(use.mode, 'use.replaywright.mode') : 'live';
  const allowScripts = env.REPLAYWRIGHT_ALLOW_SCRIPTS ? env.REPLAYWRIGHT_ALLOW_SCRIPTS !== '0' : use.allowScripts;
  const startSpecs = env.REPLAYWRIGHT_START_URL !== undefined ? splitList(env.REPLAYWRIGHT_START_URL) : typeof use.startUrl === 'string' ? [use.startUrl] : (use.startUrl ?? []);
  const failOn = env.REPLAYWRIGHT_FAIL_ON ? parseFailOn(env.REPLAYWRIGHT_FAIL_ON, 'REPLAYWRIGHT_FAIL_ON') : use.failOn ? parseFailOn(use.failOn, 'use.replaywright.failOn') : 'diverged';
  return { ...DEFAULT_REPLAY_OPTIONS, failOn, urlMappings, params, secrets, timeoutMs, strict, replayMode, allowScripts, startUrls: parseStartUrls(startSpecs), filesDir: env.REPLAYWRIGHT_FILES_DIR ?? use.filesDir };
}
