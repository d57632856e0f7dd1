import type { Action } from './action.js';
import type { Episode, Step } from './episode.js';

/**
 * Values the user gives (`--param`, `--secret`, `--params`, env) enter an episode two ways:
 * a step that needs input (rpaweb `user_feedback`) gets the value of its param, and a recorded
 * placeholder — rpaweb `anonymized_data` maps a name to the stand-in the recording typed
 * (`{"NIF": "00000000T"}`) — is replaced by the value of the param of that name wherever a
 * typed text or chosen option holds it. Names match case-insensitively (`--secret nif=…`
 * fills the `NIF` placeholder), as env var names are usually upper case.
 */
export interface Placeholder {
  name: string;
  /** The text the recording typed in its place. */
  text: string;
}

/** The placeholders an episode's recording declares (rpaweb `anonymized_data`). */
export function episodePlaceholders(episode: Episode): Placeholder[] {
  const data = episode.meta.anonymized_data;
  if (!data || typeof data !== 'object' || Array.isArray(data)) return [];
  return Object.entries(data as Record<string, unknown>)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[1] !== '')
    .map(([name, text]) => ({ name, text }));
}

/** A param's value by name: exact first, then ignoring case. */
function lookupParam(params: Readonly<Record<string, string>>, name: string): { name: string; value: string } | undefined {
  if (Object.hasOwn(params, name)) return { name, value: params[name]! };
  const lower = name.toLowerCase();
  const key = Object.keys(params).find((k) => k.toLowerCase() === lower);
  return key === undefined ? undefined : { name: key, value: params[key]! };
}

/** A recorded text the replay typed a user's value in place of. */
export interface TypedValue {
  /** The param whose value was typed. */
  name: string;
  /** What the recording typed (its placeholder, or the value the recorder's user entered). */
  recorded: string;
  live: string;
}

export type StepInput =
  /** The action to perform, the params whose values went into it, and what they replaced. */
  | { action: Action; used: string[]; typed: TypedValue[] }
  /** The step needs a value no param gave. */
  | { missing: string };

export function applyInputs(step: Step, placeholders: readonly Placeholder[], params: Readonly<Record<string, string>>): StepInput {
  let action = step.action;
  const used: string[] = [];
  const typed: TypedValue[] = [];
  if (step.needsInput) {
    const p = lookupParam(params, step.needsInput.param);
    if (!p) return { missing: step.needsInput.param };
    if (action.type === 'fill' || action.type === 'type') typed.push({ name: p.name, recorded: action.text, live: p.value });
    action = action.type === 'select' ? { ...action, options: [p.value] } : setValue(action, () => p.value);
    used.push(p.name);
  }
  for (const ph of placeholders) {
    const p = lookupParam(params, ph.name);
    if (!p || !holds(action, ph.text)) continue;
    action = setValue(action, (old) => old.split(ph.text).join(p.value));
    used.push(p.name);
    typed.push({ name: p.name, recorded: ph.text, live: p.value });
  }
  return { action, used, typed };
}

/** Whether the action types or chooses text containing `text`. */
function holds(a: Action, text: string): boolean {
  if (a.type === 'fill' || a.type === 'type') return a.text.includes(text);
  if (a.type === 'select') return a.options.includes(text);
  return false;
}

function setValue(a: Action, value: (old: string) => string): Action {
  if (a.type === 'fill' || a.type === 'type') return { ...a, text: value(a.text) };
  if (a.type === 'select') return { ...a, options: a.options.map(value) };
  return a;
}

/** The param names an episode can use: its steps that need input, and its placeholders. */
export function episodeInputNames(episode: Episode): string[] {
  const names = episode.steps.flatMap((s) => (s.needsInput ? [s.needsInput.param] : []));
  return [...names, ...episodePlaceholders(episode).map((p) => p.name)];
}

/**
 * The given param names no episode can use (names compare ignoring case, as when typing): a
 * misspelt `--param IBANN` would otherwise be dropped in silence while the recorded
 * placeholder is typed and the episode passes.
 */
export function unusedParamNames(given: Iterable<string>, asked: Iterable<string>): string[] {
  const known = new Set([...asked].map((n) => n.toLowerCase()));
  return [...given].filter((n) => !known.has(n.toLowerCase()));
}
