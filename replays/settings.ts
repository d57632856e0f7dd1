import { gatherParams } from '../src/config/params.js';
import { parseStartUrls } from '../src/replay/start-urls.js';
import { parseViewport } from '../src/config/viewport-flag.js';
import { numericOptionProblem, RUN_NUMBER_RULES } from '../src/commands/numeric-options.js';
import { DEFAULT_REPLAY_OPTIONS, FAIL_ON_CHOICES, type FailOn, type ReplayOptions } from '../src/replay/run-episode.js';
import { parseUrlMapping, type UrlMapping } from '../src/ir/url-map.js';
import type { Secret } from '../src/secrets.js';
import { runOptionsFrom } from '../src/api/run-options.js';
import type { ReplaywrightConfig } from '../src/config/index.js';

/**
 * Per-run settings of the `replays` project, from replaywright.config.* (the CLI's config file:
 * every run option that applies to one episode — `compare`, `minScore`, `trace`… — under the same
 * key), then `use: { replaywright: {…} }` in playwright.config.ts, then the environment (which wins):
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
 * - `REPLAYWRIGHT_VIEWPORT=WxH[@scale]` (the CLI's `--viewport`): the window every episode runs in
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
  /** `WxH[@scale]`, as `--viewport`. */
  viewport?: string;
  failOn?: FailOn;
}

export type ReplayMode = 'live' | 'snapshot';

export type ProjectOptions = Omit<ReplayOptions, 'out'> & { replayMode: ReplayMode; secrets: Secret[] };

const splitList = (v: string): string[] =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

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
    if (eq <= 0)
      throw new Error(
        `${variable} expects NAME=VALUE[,NAME=VALUE], got "${variable === 'REPLAYWRIGHT_SECRETS' ? pair.replace(/./g, '*') : pair}"`,
      );
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

/** Params and secrets from every source, merged as the CLI merges them (see config/params.ts). */
function gatherValues(
  use: ReplaywrightUse,
  env: NodeJS.ProcessEnv,
  fromConfig: { params: Record<string, string>; secrets: Secret[] },
): { params: Record<string, string>; secrets: Secret[] } {
  const perName = gatherParams({ env });
  // The config file's values come first: everything else given for a name wins over them.
  const configSecrets = new Set(fromConfig.secrets.map((x) => x.name));
  const given: { name: string; value: string; secret: boolean }[] = Object.entries(fromConfig.params).map(([name, value]) => ({
    name,
    value,
    secret: configSecrets.has(name),
  }));
  for (const name of configSecrets) perName.secrets.push(...fromConfig.secrets.filter((x) => x.name === name));
  const secretNames = new Set(perName.secrets.map((s) => s.name.toLowerCase()));
  for (const [name, value] of Object.entries(perName.params)) given.push({ name, value, secret: secretNames.has(name.toLowerCase()) });
  const listed = (variable: string, fromUse: Record<string, string> | undefined) =>
    env[variable] !== undefined ? parseParamsEnv(env[variable]!, variable) : (fromUse ?? {});
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
  for (const g of [...perName.secrets, ...given.filter((x) => secretNames.has(x.name.toLowerCase()))])
    secrets.set(`${g.name}\0${g.value}`, { name: g.name, value: g.value });
  return { params, secrets: [...secrets.values()] };
}

/**
 * The config file's options for one episode's replay. What only a whole `replaywright run` does
 * is left to the runner here (`--workers`, `--shard`, `--retries`…) or to the CLI (`resume`, `calibrate`).
 */
function fromConfig(config: ReplaywrightConfig): Omit<ReplayOptions, 'out'> {
  const {
    dataset: _d,
    format: _f,
    episode: _e,
    out: _o,
    workers: _w,
    workerMode: _m,
    resume: _r,
    shard: _s,
    calibrate: _c,
    calibrateInterval: _i,
    logFormat: _lf,
    logLevel: _ll,
    connect: _x,
    images: _im,
    ...perEpisode
  } = config;
  const { options } = runOptionsFrom(perEpisode, '.');
  const { out: _out, workers: _workers, connect: _connect, filesDir, ...replay } = options;
  return { ...replay, filesDir: perEpisode.filesDir === undefined ? undefined : filesDir };
}

export function settingsFrom(use: ReplaywrightUse, env: NodeJS.ProcessEnv, config: ReplaywrightConfig = {}): ProjectOptions {
  const base = fromConfig(config);
  const mapSpecs =
    env.REPLAYWRIGHT_MAP_URL !== undefined
      ? splitList(env.REPLAYWRIGHT_MAP_URL)
      : typeof use.mapUrl === 'string'
        ? splitList(use.mapUrl)
        : use.mapUrl;
  const urlMappings: UrlMapping[] = mapSpecs ? mapSpecs.map(parseUrlMapping) : base.urlMappings;
  const { params, secrets } = gatherValues(use, env, { params: base.params, secrets: base.secrets ?? [] });
  const timeoutMs = env.REPLAYWRIGHT_TIMEOUT
    ? Number(env.REPLAYWRIGHT_TIMEOUT)
    : (use.timeoutMs ?? base.timeoutMs ?? DEFAULT_REPLAY_OPTIONS.timeoutMs);
  // The same rule as `run --timeout` (NaN or <= 0 would fail every step "within NaN ms").
  const badTimeout = numericOptionProblem({ timeout: timeoutMs }, { timeout: RUN_NUMBER_RULES.timeout! });
  if (badTimeout)
    throw new Error(badTimeout.replace('--timeout', env.REPLAYWRIGHT_TIMEOUT ? 'REPLAYWRIGHT_TIMEOUT' : 'use.replaywright.timeoutMs'));
  const strict = env.REPLAYWRIGHT_STRICT ? env.REPLAYWRIGHT_STRICT !== '0' : (use.strict ?? base.strict);
  const replayMode = env.REPLAYWRIGHT_MODE
    ? parseMode(env.REPLAYWRIGHT_MODE, 'REPLAYWRIGHT_MODE')
    : use.mode
      ? parseMode(use.mode, 'use.replaywright.mode')
      : (base.replayMode ?? 'live');
  const allowScripts = env.REPLAYWRIGHT_ALLOW_SCRIPTS ? env.REPLAYWRIGHT_ALLOW_SCRIPTS !== '0' : (use.allowScripts ?? base.allowScripts);
  const startSpecs =
    env.REPLAYWRIGHT_START_URL !== undefined
      ? splitList(env.REPLAYWRIGHT_START_URL)
      : typeof use.startUrl === 'string'
        ? [use.startUrl]
        : use.startUrl;
  const startUrls = startSpecs ? parseStartUrls(startSpecs) : base.startUrls;
  const viewportSpec = env.REPLAYWRIGHT_VIEWPORT ?? use.viewport;
  const viewport = viewportSpec !== undefined ? parseViewport(viewportSpec) : base.viewport;
  const failOn = env.REPLAYWRIGHT_FAIL_ON
    ? parseFailOn(env.REPLAYWRIGHT_FAIL_ON, 'REPLAYWRIGHT_FAIL_ON')
    : use.failOn
      ? parseFailOn(use.failOn, 'use.replaywright.failOn')
      : (base.failOn ?? 'diverged');
  return {
    ...base,
    failOn,
    urlMappings,
    params,
    secrets,
    timeoutMs,
    strict,
    replayMode,
    allowScripts,
    startUrls,
    filesDir: env.REPLAYWRIGHT_FILES_DIR ?? use.filesDir ?? base.filesDir,
    viewport,
  };
}
