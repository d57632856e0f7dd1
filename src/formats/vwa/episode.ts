import { dirname } from 'node:path';
import type { Action } from '../../ir/action.js';
import { Episode, type SourceRef, type Step } from '../../ir/episode.js';
import type { Evidence } from '../../ir/evidence.js';
import type { Expectation } from '../../ir/expectation.js';
import type { Viewport } from '../../ir/target.js';
import { resolveDatasetFile } from '../dataset-path.js';
import type { FieldIssue } from '../field-issue.js';
import { zodIssues } from '../field-issue.js';
import type { RejectedEpisode } from '../format.js';
import type { Problem } from '../../ir/problem.js';
import { decodeVwaAction } from './action.js';
import { EpisodeProblems } from './episode-problems.js';
import { detectSomBoxes, type SomBoxes } from './nodes.js';
import { pngBase64Size, pngFileSize } from './png.js';
import type { RawStep } from './records.js';
import { VwaTabs } from './tabs.js';

export interface VwaOptions {
  /** Milliseconds a WAIT (20) step waits. */
  waitMs: number;
  /** How SoM boxes are written; `auto` tells from the data and falls back to VWA's centre form. */
  somBoxes: 'auto' | SomBoxes;
}

export interface RawEpisode {
  id: string;
  instruction?: string;
  /** The start pages the task opened (render config `start_url`, split on " |AND| "). */
  startUrls?: string[];
  meta: Record<string, unknown>;
  steps: RawStep[];
  /** The run's viewport when no screenshot gives it (run config.json). */
  viewport?: Viewport;
  /** Recon-Act files may write SoM boxes either way; the others are VWA's own centre form. */
  somBoxesUncertain: boolean;
  source: SourceRef;
}

export interface AssembleContext {
  file: string;
  datasetRoot: string;
  options: VwaOptions;
}

export interface Assembled {
  episode?: Episode;
  rejected?: RejectedEpisode;
  problems: Problem[];
}

const WEB_URL = /^(https?|file):/i;

type StepDraft = Omit<Step, 'index'>;
/** What one recorded step becomes: its IR step and what the recording said beyond it (episode meta). */
type Assembling = { steps: StepDraft[]; stepMeta: Record<string, unknown>[] };

/**
 * Builds the IR episode of one VWA trajectory. Tabs are tracked as named pages (see VwaTabs) so
 * every step names the page it ran on; a synthetic first `openPage` loads the page the recording
 * started on (VWA opens the task's start URL before step 0, and no action records it).
 */
export function assembleEpisode(raw: RawEpisode, ctx: AssembleContext): Assembled {
  const problems = new EpisodeProblems(ctx.file, raw.id);
  const reject = (): Assembled => ({
    rejected: { id: raw.id, format: 'visualwebarena', source: raw.source, problems: problems.list },
    problems: problems.list,
  });

  for (const s of raw.steps) s.issues.forEach((i) => problems.pinStep(s, i));

  // An entry without an action is the state after the last action; anywhere else it is a hole.
  const acting = [...raw.steps];
  let final: RawStep | undefined;
  if (acting.length && acting[acting.length - 1]!.action === undefined) final = acting.pop();
  for (const s of acting)
    if (s.action === undefined)
      problems.pinStep(s, {
        field: 'action',
        message: 'missing (only the last entry may be an observation without an action)',
        severity: 'error',
      });
  if (!acting.length) {
    problems.pin(undefined, { message: 'no actions: nothing to replay', severity: raw.steps.length ? 'error' : 'warning' });
    return raw.steps.length ? reject() : { problems: problems.list };
  }

  const somBoxes = chooseSomBoxes(raw, ctx.options, problems);
  const tabs = new VwaTabs();
  const sourceOf = (s: RawStep): SourceRef =>
    s.line !== undefined ? { file: ctx.file, line: s.line, record: s.record } : { file: ctx.file, record: s.record };
  const out = openStartPages(raw, acting, tabs, sourceOf(acting[0]!));
  acting.forEach((s, i) => {
    const { step, meta } = assembleStep(s, { raw, ctx, problems, tabs, somBoxes, sourceOf, next: acting[i + 1] ?? final });
    out.steps.push(step);
    out.stepMeta.push(meta);
  });
  if (problems.hasEpisodeError()) return reject();

  let after: Evidence | undefined;
  if (final) {
    after = recordedEvidence(final, raw, ctx, problems);
    if (!Object.keys(after).length) after = undefined;
    out.stepMeta.push({ final: { ...final.extras } });
    if (problems.hasEpisodeError()) return reject();
  }

  const instruction = raw.instruction ?? raw.steps.find((s) => s.intent !== undefined)?.intent;
  const candidate = {
    id: raw.id,
    format: 'visualwebarena',
    ...(instruction !== undefined ? { instruction } : {}),
    steps: out.steps.map((s, index) => ({ index, ...s })),
    ...(after ? { after } : {}),
    meta: { ...raw.meta, somBoxes, steps: out.stepMeta },
    source: raw.source,
  };
  const parsed = Episode.safeParse(candidate);
  if (!parsed.success) {
    for (const i of zodIssues(parsed.error)) problems.pin(undefined, { ...i, message: `episode does not fit the IR: ${i.message}` });
    return reject();
  }
  return { episode: parsed.data, problems: problems.list };
}

/** Set-of-Marks convention: stated, told from the data, or VWA's own (centre, w, h). */
function chooseSomBoxes(raw: RawEpisode, options: VwaOptions, problems: EpisodeProblems): SomBoxes {
  if (options.somBoxes !== 'auto') return options.somBoxes;
  const detected = detectSomBoxes(raw.steps.map((s) => s.observation));
  const usesSom = raw.steps.some((s) => s.observation.imageNodes);
  if (!detected && usesSom && raw.somBoxesUncertain) {
    problems.pin(undefined, {
      field: 'info.observation_metadata.image.obs_nodes_info',
      message:
        "cannot tell whether SoM boxes are (centre x, centre y, w, h) as VWA writes them or top-left xywh as the Recon-Act card says; assumed VWA's form",
      severity: 'warning',
    });
  }
  return detected ?? 'center';
}

/** The synthetic first steps: VWA opened the start page(s) before step 0; the recording starts there. */
function openStartPages(raw: RawEpisode, acting: RawStep[], tabs: VwaTabs, source: SourceRef): Assembling {
  const steps: StepDraft[] = [];
  const stepMeta: Record<string, unknown>[] = [];
  const firstUrl = acting.find((s) => s.url !== undefined)?.url;
  const startUrls = raw.startUrls?.length ? raw.startUrls : [];
  const start = firstUrl !== undefined && WEB_URL.test(firstUrl) ? firstUrl : startUrls[0];
  steps.push({
    page: 'page',
    action: start ? { type: 'openPage', url: start } : { type: 'openPage' },
    expect: [],
    note: 'open the page the recording started on',
    source,
  });
  stepMeta.push({ synthetic: true });
  for (const url of startUrls.slice(1)) {
    steps.push({ page: tabs.open(), action: { type: 'openPage', url }, expect: [], note: 'open another start page of the task', source });
    stepMeta.push({ synthetic: true });
  }
  if (tabs.pages.length > 1) {
    steps.push({
      page: 'page',
      action: { type: 'switchPage', pageIndex: 0 },
      expect: [],
      note: 'VWA focuses the first start page',
      source,
    });
    stepMeta.push({ synthetic: true });
  }
  return { steps, stepMeta };
}

interface StepContext {
  raw: RawEpisode;
  ctx: AssembleContext;
  problems: EpisodeProblems;
  tabs: VwaTabs;
  somBoxes: SomBoxes;
  sourceOf: (s: RawStep) => SourceRef;
  /** The entry after this one (the final observation after the last action): its fail_error is this step's. */
  next: RawStep | undefined;
}

/** One recorded action as an IR step, with the tabs moved as it moved them. */
function assembleStep(
  s: RawStep,
  { raw, ctx, problems, tabs, somBoxes, sourceOf, next }: StepContext,
): { step: StepDraft; meta: Record<string, unknown> } {
  // Entries that could not be read (already reported) have nothing to decode: they stay as
  // steps the replay reports, so step numbers keep matching the recording.
  const unreadable = problems.whyUnreplayable(s);
  if (unreadable !== undefined) {
    return {
      step: {
        recordedStep: s.recordedStep,
        page: tabs.currentPage,
        action: { type: 'noop' },
        expect: [],
        unreplayable: unreadable,
        source: sourceOf(s),
      },
      meta: { ...s.extras },
    };
  }
  const before = recordedEvidence(s, raw, ctx, problems);
  const viewport = before.viewport;
  const decoded = decodeVwaAction(s.action, {
    field: s.actionField,
    observation: { ...s.observation, somBoxes, ...(viewport ? { viewport } : {}) },
    waitMs: ctx.options.waitMs,
  });
  decoded.issues.forEach((issue) => problems.pinStep(s, issue));
  if (decoded.targetBox) before.targetBox = decoded.targetBox;
  const action: Action = decoded.action ?? { type: 'noop' }; // rejected below when undefined
  const expect: Expectation[] = [];

  // A step that cannot be replayed changes no tabs.
  const why = problems.whyUnreplayable(s);
  const moved = tabs.follow(why === undefined ? decoded.type : undefined, action, s, raw.steps[raw.steps.indexOf(s) + 1], (issue) =>
    problems.pin(s, issue),
  );
  if (moved.popup) expect.push({ kind: 'popup', page: moved.popup });

  const step: StepDraft = { recordedStep: s.recordedStep, page: moved.page, action, expect, source: sourceOf(s) };
  if (why !== undefined) {
    step.action = { type: 'noop' };
    step.unreplayable = why;
  }
  if (Object.keys(before).length) step.before = before;
  const note = [s.note, decoded.note].filter(Boolean).join('; ');
  if (note) step.note = note;

  const meta: Record<string, unknown> = { ...s.extras };
  if (s.action !== null && typeof s.action === 'object') meta.action = s.action;
  // VWA reports an action's exception as the next observation's fail_error.
  const failed = next?.extras.fail_error;
  if (typeof failed === 'string' && failed !== '') meta.failedInRecording = failed;
  return { step, meta };
}

/** What an observation recorded of the page: URL, screenshot and viewport. */
function recordedEvidence(s: RawStep, raw: RawEpisode, ctx: AssembleContext, problems: EpisodeProblems): Evidence {
  const evidence: Evidence = {};
  if (s.url !== undefined) evidence.url = s.url;
  const shot = screenshotPath(s, ctx);
  if (shot.issue) problems.pin(s, shot.issue);
  if (shot.path) evidence.screenshot = shot.path;
  const viewport = viewportOf(s, shot.path, raw.viewport);
  if (viewport) evidence.viewport = viewport;
  return evidence;
}

/** The viewport a step was recorded in: its screenshot's size (VWA screenshots are the viewport at DPR 1), else the run's. */
function viewportOf(s: RawStep, shotPath: string | undefined, fallback: Viewport | undefined): Viewport | undefined {
  if (s.screenshot?.kind === 'inline') return pngBase64Size(s.screenshot.value) ?? fallback;
  return (shotPath ? pngFileSize(shotPath) : undefined) ?? fallback;
}

/**
 * A screenshot path, resolved against the trajectory's folder, then the dataset root (the
 * Recon-Act card only says "relative path"). Leading out of the dataset root is an error; a
 * missing file only loses evidence. The PNG header gives the step's viewport.
 */
function screenshotPath(s: RawStep, ctx: AssembleContext): { path?: string; issue?: FieldIssue } {
  if (s.screenshot?.kind !== 'path') return {};
  const name = s.screenshot.value;
  const near = resolveDatasetFile(name, dirname(ctx.file), ctx.datasetRoot);
  if (!near.inside) return { issue: { field: s.screenshot.field, message: `refused: ${near.reason}`, severity: 'error' } };
  if (near.exists) return { path: near.path };
  const atRoot = resolveDatasetFile(name, ctx.datasetRoot, ctx.datasetRoot);
  if (atRoot.inside && atRoot.exists) return { path: atRoot.path };
  return { issue: { field: s.screenshot.field, message: `screenshot dropped: ${near.reason}`, severity: 'warning' } };
}
