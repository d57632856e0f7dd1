import { readFileSync } from 'node:fs';
import type { Secret } from '../secrets.js';

/**
 * The values a run types for the user, from four places. When a name is given in several, the
 * first of these wins: `--secret`/`--param` on the command line, then the `--params` file, then
 * the environment (`REPLAYWRIGHT_SECRET_<NAME>`, `REPLAYWRIGHT_PARAM_<NAME>`). A name declared
 * secret in any of them stays secret, and every value given for it (the winner and any it
 * overrode) is redacted from what the run writes.
 */
export interface ParamSet {
  /** Name → the value to type. */
  params: Record<string, string>;
  /** Values to keep out of every output. */
  secrets: Secret[];
}

export interface ParamSources {
  param?: string[];
  secret?: string[];
  /** `--params FILE.json`. */
  file?: string;
  env?: NodeJS.ProcessEnv;
}

/** A name a person can type after `--param` (and a dataset's param names are). */
const NAME = /^[A-Za-z_][\w.-]*$/;

export function gatherParams(sources: ParamSources): ParamSet {
  const given: { name: string; value: string; secret: boolean }[] = [];
  // Lowest precedence first: later entries overwrite earlier ones.
  for (const [key, value] of Object.entries(sources.env ?? {})) {
    const m = /^REPLAYWRIGHT_(PARAM|SECRET)_(.+)$/.exec(key);
    if (!m || value === undefined) continue;
    if (!NAME.test(m[2]!)) throw new Error(`environment variable ${key}: "${m[2]}" is not a param name (letters, digits, _ . -)`);
    given.push({ name: m[2]!, value, secret: m[1] === 'SECRET' });
  }
  if (sources.file) given.push(...readParamsFile(sources.file));
  for (const pair of sources.param ?? []) given.push({ ...splitPair('--param', pair), secret: false });
  for (const pair of sources.secret ?? []) given.push({ ...splitPair('--secret', pair), secret: true });

  const params: Record<string, string> = {};
  const secretNames = new Set<string>();
  const secrets: Secret[] = [];
  for (const g of given) {
    // Same param whatever the case, as dataset names are matched ignoring case.
    const existing = Object.keys(params).find((k) => k.toLowerCase() === g.name.toLowerCase());
    if (existing !== undefined) delete params[existing];
    params[g.name] = g.value;
    if (g.secret) secretNames.add(g.name.toLowerCase());
  }
  for (const g of given) if (secretNames.has(g.name.toLowerCase())) secrets.push({ name: g.name, value: g.value });
  return { params, secrets };
}

function splitPair(flag: string, pair: string): { name: string; value: string } {
  const eq = pair.indexOf('=');
  if (eq <= 0) throw new Error(`${flag} expects NAME=VALUE, got "${flag === '--secret' ? pair.replace(/./g, '*') : pair}"`);
  const name = pair.slice(0, eq);
  if (!NAME.test(name)) throw new Error(`${flag} ${name}: not a param name (letters, digits, _ . -)`);
  return { name, value: pair.slice(eq + 1) };
}

/** `{"NAME": "value", "OTHER": {"value": "…", "secret": true}}`; anything else names the key at fault. */
function readParamsFile(file: string): { name: string; value: string; secret: boolean }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    const e = error as NodeJS.ErrnoException;
    // JSON.parse quotes the text around the fault, which may be a secret: say only where it is.
    const where = /position (\d+)/.exec(e.message)?.[1];
    const why =
      e.code === 'ENOENT'
        ? 'no such file'
        : e instanceof SyntaxError
          ? `not valid JSON${where ? ` (at character ${where})` : ''}`
          : e.message;
    throw new Error(`--params ${file}: ${why}`);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    throw new Error(`--params ${file}: expected a JSON object of NAME → value`);
  return Object.entries(parsed as Record<string, unknown>).map(([name, v]) => {
    const at = `--params ${file}: key "${name}"`;
    if (!NAME.test(name)) throw new Error(`${at}: not a param name (letters, digits, _ . -)`);
    if (typeof v === 'string') return { name, value: v, secret: false };
    if (!v || typeof v !== 'object' || Array.isArray(v))
      throw new Error(
        `${at}: expected a string or {"value": "…", "secret": true}, got ${v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v}`,
      );
    const o = v as Record<string, unknown>;
    const unknown = Object.keys(o).filter((k) => k !== 'value' && k !== 'secret');
    if (unknown.length) throw new Error(`${at}: unknown field ${unknown.join(', ')} (known: value, secret)`);
    if (typeof o.value !== 'string') throw new Error(`${at}: "value" must be a string`);
    if (o.secret !== undefined && typeof o.secret !== 'boolean') throw new Error(`${at}: "secret" must be true or false`);
    return { name, value: o.value, secret: o.secret === true };
  });
}
