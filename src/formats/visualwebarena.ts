import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { basename, dirname, extname, resolve } from 'node:path';
import type { Viewport } from '../ir/target.js';
import { resolveDatasetFile } from './dataset-path.js';
import type { Decoded, DatasetFormat, DecodeOptions } from './format.js';
import { stripBom } from './head.js';
import { sniffVisualWebArena } from './vwa/sniff.js';

export { sniffVisualWebArena };
import { decodeUtf8, duplicateTopLevelKeys, jsonErrorLine, jsonErrorMessage } from './json-text.js';
import { isPlainObject } from './json-line.js';
import type { Problem } from '../ir/problem.js';
import { DEFAULT_WAIT_MS } from './vwa/action.js';
import { assembleEpisode, type RawEpisode, type VwaOptions } from './vwa/episode.js';
import { jsonLayout, readJsonSteps } from './vwa/records.js';
import { readRenderHtml } from './vwa/render-html.js';

/**
 * VisualWebArena / WebArena trajectories, and the Recon-Act (aworld_visualwebarena) JSON built
 * on them. One file is one episode (named after the file):
 *
 * - Recon-Act JSON: `{"0": {"info": {fail_error, observation_metadata: {text: {url, obs_nodes_info,
 *   tabs}, image: {obs_nodes_info}}, intent, input_images, ss_ori, ss_som}, "action": {…}}, …}`;
 *   step k's action was chosen from step k's observation, so its `element_id` is resolved there.
 * - A JSON list of steps (bare, or under `steps`): the extraction of a render_*.html
 *   (`{step, url, som_text_obs, action, parsed_action}`), `{info, action}` entries, or bare
 *   action dicts.
 * - `render_*.html`, the RenderHelper trace VWA/WebArena runs write (action dicts as Python repr).
 *
 * Every ActionTypes value 0–21 decodes (see vwa/action.ts); choices where VWA's behaviour is a
 * bug or unknown:
 * - KEY_PRESS: VWA presses "Meta" as "Control" off macOS. The recordings ran on Linux, so the
 *   rewrite is applied at decode time (the recorded key_comb stays in the step's note and meta).
 * - SELECT_OPTION: upstream calls `select_option()` without arguments; the options the code
 *   names are passed instead (a code naming none is an error).
 * - WAIT (Recon-Act only, code unpublished): waits `waitMs` (default 2500 ms, VWA's own pause
 *   after every action).
 * - DRAG (Recon-Act only, no known fields): a drag when `coords` holds [x1, y1, x2, y2], else a
 *   `noop` with a warning naming the field.
 * - UPLOAD: decoded to setInputFiles with a warning: upstream records are unreliable.
 * - Screenshots: a path inside the dataset becomes the step's evidence; base64 screenshots (render
 *   HTML) are never copied into the IR, only their size is read (the recorded viewport).
 */
export interface VisualWebArenaOptions {
  /** How long a WAIT (20) step waits, in ms. Default 2500. */
  waitMs?: number;
  /**
   * How `image.obs_nodes_info` boxes are written: `center` = VWA's (centre x, centre y, w, h),
   * `topLeft` = x, y, w, h. `auto` (default) tells from ids that also have an accessibility
   * `union_bound`, else assumes `center`.
   */
  somBoxes?: VwaOptions['somBoxes'];
}

export function createVisualWebArenaFormat(options: VisualWebArenaOptions = {}): DatasetFormat {
  const opts: VwaOptions = { waitMs: options.waitMs ?? DEFAULT_WAIT_MS, somBoxes: options.somBoxes ?? 'auto' };
  return {
    name: 'visualwebarena',
    extensions: ['.json', '.html', '.htm'],
    sniff: sniffVisualWebArena,
    decodeFile: (file, decodeOptions) => decodeFile(file, decodeOptions, opts),
  };
}

export const visualwebarena: DatasetFormat = createVisualWebArenaFormat();

async function decodeFile(file: string, options: DecodeOptions, opts: VwaOptions): Promise<Decoded> {
  const path = resolve(file);
  const id = basename(path, extname(path));
  const source = { file: path };
  const out: Decoded = { episodes: [], rejected: [], problems: [], recordsRead: 0 };
  const fail = (message: string, record?: string, line?: number) => {
    const p: Problem = { file: path, episode: id, message, severity: 'error' };
    if (line !== undefined) p.line = line;
    if (record) p.record = record;
    out.problems.push(p);
    out.rejected.push({ id, format: 'visualwebarena', source, problems: [p] });
    return out;
  };

  let text: string;
  let badUtf8: { line: number; offset: number } | undefined;
  try {
    ({ text, badUtf8 } = decodeUtf8(await readFile(path)));
    text = stripBom(text);
  } catch (e) {
    out.problems.push({ file: path, message: `cannot read the file: ${(e as Error).message}`, severity: 'error' });
    return out;
  }
  if (badUtf8)
    out.problems.push({
      file: path,
      line: badUtf8.line,
      episode: id,
      message: `not valid UTF-8 (first bad byte at file offset ${badUtf8.offset}); bad bytes were read as U+FFFD, so text from this file may differ from the recording`,
      severity: 'warning',
    });

  let raw: RawEpisode;
  if (/\.html?$/i.test(path)) {
    const trace = readRenderHtml(text);
    out.recordsRead = trace.steps.length;
    if (!trace.steps.length) return fail('no steps found (expected <h2>New Page</h2> sections of a VWA render trace)');
    const config = trace.config;
    raw = { id, meta: Object.keys(config).length ? { config } : {}, steps: trace.steps, somBoxesUncertain: false, source };
    if (config.intent) raw.instruction = config.intent;
    if (config.start_url)
      raw.startUrls = config.start_url
        .split(' |AND| ')
        .map((u) => u.trim())
        .filter(Boolean);
  } else {
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch (e) {
      out.recordsRead = 1;
      return fail(jsonErrorMessage(text, e), undefined, jsonErrorLine(text, e));
    }
    const layout = jsonLayout(value);
    if (!layout) {
      out.recordsRead = 1;
      return fail('not a VisualWebArena trajectory: expected {"0": {"info", "action"}, …}, a list of steps, or {"steps": […]}');
    }
    const { steps, meta } = readJsonSteps(value, layout);
    out.recordsRead = steps.length;
    // Two entries under one step number: JSON.parse kept the last; which one was replayed is a guess.
    const dup = layout === 'recon-act' ? duplicateTopLevelKeys(text)[0] : undefined;
    if (dup)
      return fail(
        `step ${JSON.stringify(dup.key)} occurs more than once (JSON keeps only the last): which one the recording did is unknown`,
        `[${JSON.stringify(dup.key)}]`,
        dup.line,
      );
    raw = { id, meta, steps, somBoxesUncertain: layout === 'recon-act', source };
    const intent = typeof meta.intent === 'string' ? meta.intent : undefined;
    if (intent) raw.instruction = intent;
  }
  const viewport = runViewport(path, options.datasetRoot);
  if (viewport) raw.viewport = viewport;

  const assembled = assembleEpisode(raw, { file: path, datasetRoot: options.datasetRoot, options: opts });
  if (assembled.episode) out.episodes.push(assembled.episode);
  if (assembled.rejected) out.rejected.push(assembled.rejected);
  out.problems.push(...assembled.problems);
  return out;
}

/**
 * The viewport of the run, from the `config.json` VWA's run.py writes into its result folder
 * (`viewport_width`, `viewport_height`), used when a step has no screenshot to tell.
 */
function runViewport(file: string, datasetRoot: string): Viewport | undefined {
  const config = resolveDatasetFile('config.json', dirname(file), datasetRoot);
  if (!config.inside || !config.exists || config.path === file) return undefined;
  try {
    // Small, synchronous on purpose: one read per trajectory file.
    const value: unknown = JSON.parse(stripBom(readFileSync(config.path, 'utf8')));
    if (!isPlainObject(value)) return undefined;
    const { viewport_width: width, viewport_height: height } = value;
    return Number.isInteger(width) && Number.isInteger(height) && (width as number) > 0 && (height as number) > 0
      ? { width: width as number, height: height as number }
      : undefined;
  } catch {
    return undefined;
  }
}
