import type { FieldIssue } from '../field-issue.js';
import { joinField } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import type { StepObservation } from './nodes.js';

/**
 * The JSON layouts VWA trajectories come in, read into one shape (RawStep) before actions are
 * decoded:
 *   - Recon-Act / aworld_visualwebarena: `{"0": {"info": {…}, "action": {…}}, "1": …}`;
 *   - a list of steps, bare or under `steps`: `{step, url, som_text_obs, action, parsed_action}`
 *     (the extraction of a render_*.html) or `{info, action}` or a bare action dict.
 */

export interface RawScreenshot {
  /** A path (relative to the trajectory file or the dataset root) or inline base64 PNG data. */
  kind: 'path' | 'inline';
  value: string;
  field: string;
}

export interface RawStep {
  /** Where the step is in the file, e.g. `["3"]` or `steps[3]`. */
  record: string;
  /** 1-based line, when the layout knows it (render HTML). */
  line?: number;
  recordedStep: number | string;
  /** The action dict; undefined for an observation-only entry (the state after the last action). */
  action?: unknown;
  actionField: string;
  url?: string;
  observation: Omit<StepObservation, 'somBoxes' | 'viewport'>;
  tabs?: unknown;
  screenshot?: RawScreenshot;
  /** The human words for the step (parsed_action). */
  note?: string;
  /** The task intent as this step states it. */
  intent?: string;
  /** Per-step data with no IR field, kept in the episode's meta. */
  extras: Record<string, unknown>;
  issues: FieldIssue[];
}

export type JsonLayout = 'recon-act' | 'steps';

/** Which layout a parsed JSON value is; undefined when it is none of them. */
export function jsonLayout(value: unknown): JsonLayout | undefined {
  if (Array.isArray(value)) return value.some(isStepEntry) ? 'steps' : undefined;
  if (!isPlainObject(value)) return undefined;
  if (Array.isArray(value.steps)) return value.steps.some(isStepEntry) ? 'steps' : undefined;
  const numbered = Object.keys(value).filter((k) => /^\d+$/.test(k));
  return numbered.length > 0 && numbered.some((k) => isStepEntry(value[k])) ? 'recon-act' : undefined;
}

function isStepEntry(v: unknown): boolean {
  return isPlainObject(v) && ('action_type' in v || isPlainObject(v.action) || isPlainObject(v.info));
}

/** The steps (in order) and the episode-level fields of a JSON trajectory. */
export function readJsonSteps(value: unknown, layout: JsonLayout): { steps: RawStep[]; meta: Record<string, unknown> } {
  const meta: Record<string, unknown> = {};
  const steps: RawStep[] = [];
  if (layout === 'recon-act') {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj);
    const numbered = keys.filter((k) => /^\d+$/.test(k)).sort((a, b) => Number(a) - Number(b));
    for (const k of keys) if (!/^\d+$/.test(k)) meta[k] = obj[k];
    for (const k of numbered) steps.push(readEntry(obj[k], `[${JSON.stringify(k)}]`, Number(k)));
    return { steps, meta };
  }
  const list = Array.isArray(value) ? value : ((value as Record<string, unknown>).steps as unknown[]);
  if (!Array.isArray(value)) for (const [k, v] of Object.entries(value as Record<string, unknown>)) if (k !== 'steps') meta[k] = v;
  const base = Array.isArray(value) ? '' : 'steps';
  list.forEach((entry, i) => {
    const recorded = isPlainObject(entry) && (typeof entry.step === 'number' || typeof entry.step === 'string') ? entry.step : i;
    steps.push(readEntry(entry, `${base}[${i}]`, recorded));
  });
  return { steps, meta };
}

const KNOWN_ENTRY_KEYS = new Set([
  'info',
  'action',
  'step',
  'url',
  'som_text_obs',
  'text_obs',
  'observation',
  'parsed_action',
  'has_screenshot',
]);
const KNOWN_INFO_KEYS = new Set(['observation_metadata', 'url', 'tabs', 'intent', 'ss_ori', 'ss_som', 'fail_error', 'input_images']);

function readEntry(entry: unknown, record: string, recordedStep: number | string): RawStep {
  const step: RawStep = {
    record,
    recordedStep,
    actionField: 'action',
    observation: { fields: { textNodes: '', imageNodes: '', text: '' } },
    extras: {},
    issues: [],
  };
  if (!isPlainObject(entry)) {
    step.issues.push({ message: 'expected an object (a step: info and action)', severity: 'error' });
    step.action = null;
    return step;
  }
  if ('action_type' in entry) {
    // A bare action dict.
    step.action = entry;
    step.actionField = '';
    return step;
  }
  if ('action' in entry && entry.action !== null) step.action = entry.action;
  for (const [k, v] of Object.entries(entry)) if (!KNOWN_ENTRY_KEYS.has(k)) step.extras[k] = v;
  if (typeof entry.parsed_action === 'string' && entry.parsed_action.trim()) step.note = entry.parsed_action.trim();

  const info = entry.info;
  if (info !== undefined && !isPlainObject(info))
    step.issues.push({ field: 'info', message: 'expected an object; ignored', severity: 'warning' });
  const inf = isPlainObject(info) ? info : {};
  for (const [k, v] of Object.entries(inf)) if (!KNOWN_INFO_KEYS.has(k)) step.extras[k] = v;
  for (const k of ['fail_error', 'input_images', 'ss_som'] as const)
    if (inf[k] !== undefined && inf[k] !== '' && inf[k] !== null) step.extras[k] = inf[k];
  if (typeof inf.intent === 'string') step.intent = inf.intent;

  // Recon-Act puts url and tabs under observation_metadata.text; upstream VWA under info.
  const om = isPlainObject(inf.observation_metadata) ? inf.observation_metadata : undefined;
  const text = om && isPlainObject(om.text) ? om.text : undefined;
  const image = om && isPlainObject(om.image) ? om.image : undefined;
  const obsField = 'info.observation_metadata';
  step.observation.fields = {
    textNodes: `${obsField}.text.obs_nodes_info`,
    imageNodes: `${obsField}.image.obs_nodes_info`,
    text: typeof entry.som_text_obs === 'string' ? 'som_text_obs' : 'observation.text',
  };
  const nodes = (holder: Record<string, unknown> | undefined, field: string) => {
    const v = holder?.obs_nodes_info;
    if (v === undefined || v === null) return undefined;
    if (isPlainObject(v)) return Object.keys(v).length ? v : undefined;
    step.issues.push({ field, message: 'expected an object of nodes by id; ignored', severity: 'warning' });
    return undefined;
  };
  const textNodes = nodes(text, step.observation.fields.textNodes);
  const imageNodes = nodes(image, step.observation.fields.imageNodes);
  if (textNodes) step.observation.textNodes = textNodes;
  if (imageNodes) step.observation.imageNodes = imageNodes;
  const obsText =
    typeof entry.som_text_obs === 'string'
      ? entry.som_text_obs
      : typeof entry.text_obs === 'string'
        ? entry.text_obs
        : isPlainObject(entry.observation) && typeof entry.observation.text === 'string'
          ? entry.observation.text
          : undefined;
  if (obsText !== undefined) step.observation.text = obsText;

  const url = [text?.url, inf.url, entry.url].find((u) => typeof u === 'string' && u !== '');
  if (typeof url === 'string') step.url = url;
  const tabs = text?.tabs ?? inf.tabs;
  if (tabs !== undefined && tabs !== null) step.tabs = tabs;
  if (typeof inf.ss_ori === 'string' && inf.ss_ori !== '') {
    step.screenshot = { kind: isInlineImage(inf.ss_ori) ? 'inline' : 'path', value: inf.ss_ori, field: joinField('info', 'ss_ori')! };
  }
  return step;
}

/** A data: URL or a long base64 run: screenshot bytes, not a path. */
function isInlineImage(s: string): boolean {
  return s.startsWith('data:image/') || (s.length > 256 && /^[A-Za-z0-9+/=\s]+$/.test(s.slice(0, 256)));
}

/**
 * How many tabs an observation lists: `tabs` as a list, or the "Tab 0 (current): …" header
 * VWA puts on the accessibility tree. Undefined when it cannot tell.
 */
export function countTabs(tabs: unknown): number | undefined {
  if (Array.isArray(tabs)) return tabs.length;
  if (typeof tabs === 'string') {
    const n = tabs.match(/(?:^|\n)\s*Tab \d+/g)?.length ?? 0;
    return n > 0 ? n : undefined;
  }
  return undefined;
}
