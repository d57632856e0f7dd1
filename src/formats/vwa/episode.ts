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
import { ActionType } from './action-types.js';
import { detectSomBoxes, type SomBoxes } from './nodes.js';
import { pngBase64Size, pngFileSize } from './png.js';
import { countTabs, type RawStep } from './records.js';

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

/**
 * Builds the IR episode of one VWA trajectory. VWA acts on "the current page": tabs are tracked
 * here as named pages (`page`, `page1`, …) so every step names the page it ran on; a
 * synthetic first `openPage` loads the page the recording started on (VWA opens the task's
 * start URL before step 0, and no action records it).
 */
export function assembleEpisode(raw: RawEpisode, ctx: AssembleContext): Assembled {
  const { file } = ctx;
  const problems: Problem[] = [];
  // Errors in one step's record make that step unreplayable, not the episode (VWA itself failed
  // such a step and went on); only the others reject the episode.
  const stepErrors = new Set<Problem>();
  const pin = (step: RawStep | undefined, issue: FieldIssue): Problem => {
    const p: Problem = { file, message: issue.message, severity: issue.severity, episode: raw.id };
    if (step?.line !== undefined) p.line = step.line;
    if (step) p.record = step.record;
    if (issue.field !== undefined && issue.field !== '') p.field = issue.field;
    problems.push(p);
    return p;
  };
  const episodeError = () => problems.some((p) => p.severity === 'error' && !stepErrors.has(p));
  const reject = (): Assembled => ({ rejected: { id: raw.id, format: 'visualwebarena', source: raw.source, problems }, problems });

  /** Why each step cannot be replayed, from the errors its own record has. */
  const unreplayable = new Map<RawStep, string[]>();
  const pinStep = (step: RawStep, issue: FieldIssue) => {
    const p = pin(step, issue);
    if (issue.severity !== 'error') return;
    stepErrors.add(p);
    const why = unreplayable.get(step) ?? [];
    why.push(issue.field ? `${issue.field}: ${issue.message}` : issue.message);
    unreplayable.set(step, why);
  };

  for (const s of raw.steps) s.issues.forEach((i) => pinStep(s, i));

  // An entry without an action is the state after the last action; anywhere else it is a hole.
  const acting = [...raw.steps];
  let final: RawStep | undefined;
  if (acting.length && acting[acting.length - 1]!.action === undefined) final = acting.pop();
  for (const s of acting) if (s.action === undefined) pinStep(s, { field: 'action', message: 'missing (only the last entry may be an observation without an action)', severity: 'error' });
  if (!acting.length) {
    pin(undefined, { message: 'no actions: nothing to replay', severity: raw.steps.length ? 'error' : 'warning' });
    return raw.steps.length ? reject() : { problems };
  }

  // Set-of-Marks convention: stated, told from the data, or VWA's own (centre, w, h).
  let somBoxes: SomBoxes;
  if (ctx.options.somBoxes !== 'auto') somBoxes = ctx.options.somBoxes;
  else {
    const detected = detectSomBoxes(raw.steps.map((s) => s.observation));
    somBoxes = detected ?? 'center';
    const usesSom = raw.steps.some((s) => s.observation.imageNodes);
    if (!detected && usesSom && raw.somBoxesUncertain) {
      pin(undefined, { field: 'info.observation_metadata.image.obs_nodes_info', message: 'cannot tell whether SoM boxes are (centre x, centre y, w, h) as VWA writes them or top-left xywh as the Recon-Act card says; assumed VWA\'s form', severity: 'warning' });
    }
  }

  const pages = ['page'];
  let current = 0;
  let opened = 1;
  const newPageName = () => `page${opened++}`;
  const steps: Omit<Step, 'index'>[] = [];
  const stepMeta: Record<string, unknown>[] = [];

  // VWA opened the start page(s) before step 0; the recording starts there.
  const firstUrl = acting.find((s) => s.url !== undefined)?.url;
  const startUrls = raw.startUrls?.length ? raw.startUrls : [];
  const start = firstUrl !== undefined && WEB_URL.test(firstUrl) ? firstUrl : startUrls[0];
  const sourceOf = (s: RawStep): SourceRef => (s.line !== undefined ? { file, line: s.line, record: s.record } : { file, record: s.record });
  const firstSource = sourceOf(acting[0]!);
  steps.push({ page: 'page', action: start ? { type: 'openPage', url: start } : { type: 'openPage' }, expect: [], note: 'open the page the recording started on', source: firstSource });
  stepMeta.push({ synthetic: true });
  for (const url of startUrls.slice(1)) {
    const name = newPageName();
    pages.push(name);
    steps.push({ page: name, action: { type: 'openPage', url }, expect: [], note: 'open another start page of the task', source: firstSource });
    stepMeta.push({ synthetic: true });
  }
  if (pages.length > 1) {
    steps.push({ page: 'page', action: { type: 'switchPage', pageIndex: 0 }, expect: [], note: 'VWA focuses the first start page', source: firstSource });
    stepMeta.push({ synthetic: true });
  }

  acting.forEach((s, i) => {
    // Entries that could not be read (already reported) have nothing to decode: they stay as
    // steps the replay reports, so step numbers keep matching the recording.
    if (unreplayable.has(s)) {
      steps.push({ recordedStep: s.recordedStep, page: pages[current]!, action: { type: 'noop' }, expect: [], unreplayable: unreplayable.get(s)!.join('; '), source: sourceOf(s) });
      stepMeta.push({ ...s.extras });
      return;
    }
    const before: Evidence = {};
    if (s.url !== undefined) before.url = s.url;
    const shot = screenshotPath(s, ctx);
    if (shot.issue) pin(s, shot.issue);
    if (shot.path) before.screenshot = shot.path;
    const viewport = viewportOf(s, shot.path, raw.viewport);
    if (viewport) before.viewport = viewport;

    const decoded = decodeVwaAction(s.action, { field: s.actionField, observation: { ...s.observation, somBoxes, ...(viewport ? { viewport } : {}) }, waitMs: ctx.options.waitMs });
    decoded.issues.forEach((issue) => pinStep(s, issue));
    if (decoded.targetBox) before.targetBox = decoded.targetBox;
    const action: Action = decoded.action ?? { type: 'noop' }; // rejected below when undefined
    const expect: Expectation[] = [];

    let page = pages[current]!;
    // A step that cannot be replayed changes no tabs.
    switch (unreplayable.has(s) ? undefined : decoded.type) {
      case ActionType.NEW_TAB: {
        page = newPageName();
        pages.push(page);
        current = pages.length - 1;
        break;
      }
      case ActionType.PAGE_FOCUS: {
        const n = action.type === 'switchPage' ? action.pageIndex : 0;
        if (n < pages.length) current = n;
        else pin(s, { field: `${s.actionField ? `${s.actionField}.` : ''}page_number`, message: `tab ${n} is not open at this point of the recording (${pages.length} open); VWA failed this step`, severity: 'warning' });
        break;
      }
      case ActionType.PAGE_CLOSE: {
        pages.splice(current, 1);
        if (!pages.length) pages.push(newPageName()); // VWA opens a blank page when the last one closes
        current = pages.length - 1;
        break;
      }
      default: {
        // VWA switches to the newest page when an action opened one; the tabs the next observation lists tell.
        const now = countTabs(s.tabs);
        const next = countTabs(raw.steps[raw.steps.indexOf(s) + 1]?.tabs);
        if (now !== undefined && next !== undefined && next > now) {
          const name = newPageName();
          pages.push(name);
          current = pages.length - 1;
          expect.push({ kind: 'popup', page: name });
        }
      }
    }

    const step: Omit<Step, 'index'> = { recordedStep: s.recordedStep, page, action, expect, source: sourceOf(s) };
    const why = unreplayable.get(s);
    if (why) {
      step.action = { type: 'noop' };
      step.unreplayable = why.join('; ');
    }
    if (Object.keys(before).length) step.before = before;
    const note = [s.note, decoded.note].filter(Boolean).join('; ');
    if (note) step.note = note;
    steps.push(step);

    const extras: Record<string, unknown> = { ...s.extras };
    if (s.action !== null && typeof s.action === 'object') extras.action = s.action;
    // VWA reports an action's exception as the next observation's fail_error.
    const failed = (acting[i + 1] ?? final)?.extras.fail_error;
    if (typeof failed === 'string' && failed !== '') extras.failedInRecording = failed;
    stepMeta.push(extras);
  });

  if (episodeError()) return reject();

  let after: Evidence | undefined;
  if (final) {
    after = {};
    if (final.url !== undefined) after.url = final.url;
    const shot = screenshotPath(final, ctx);
    if (shot.issue) pin(final, shot.issue);
    if (shot.path) after.screenshot = shot.path;
    const viewport = viewportOf(final, shot.path, raw.viewport);
    if (viewport) after.viewport = viewport;
    if (!Object.keys(after).length) after = undefined;
    stepMeta.push({ final: { ...final.extras } });
    if (episodeError()) return reject();
  }

  const instruction = raw.instruction ?? raw.steps.find((s) => s.intent !== undefined)?.intent;
  const candidate = {
    id: raw.id,
    format: 'visualwebarena',
    ...(instruction !== undefined ? { instruction } : {}),
    steps: steps.map((s, index) => ({ index, ...s })),
    ...(after ? { after } : {}),
    meta: { ...raw.meta, somBoxes, steps: stepMeta },
    source: raw.source,
  };
  const parsed = Episode.safeParse(candidate);
  if (!parsed.success) {
    for (const i of zodIssues(parsed.error)) pin(undefined, { ...i, message: `episode does not fit the IR: ${i.message}` });
    return reject();
  }
  return { episode: parsed.data, problems };
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
