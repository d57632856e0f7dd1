import { z } from 'zod';
import type { Action } from '../../ir/action.js';
import type { Step } from '../../ir/episode.js';
import type { Evidence } from '../../ir/evidence.js';
import type { Box, Viewport } from '../../ir/target.js';
import { absurdCoordinates } from '../coordinates.js';
import type { FieldIssue } from '../field-issue.js';
import { hasError, joinField, zodIssues } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import type { Problem } from '../../ir/problem.js';
import { extraFields, finishEpisode, pinAt, sourceRef, type EpisodeResult } from '../mind2web/episode.js';
import type { RecordAt } from '../mind2web/task.js';
import type { ImageFinder } from './images.js';

/**
 * The size of every baby-agi screenshot, in which `action_options` boxes are given. A click is
 * kept in these pixels with `point.viewport` set to this size, so the replayer scales it to its
 * own viewport (x by width/2036, y by height/1144) — right for either window below.
 */
export const BABYAGI_SCREEN: Viewport = { width: 2036, height: 1144 };

/**
 * The window model, one for decoder and replayer: the frames are the annotator's 1280×719 CSS px
 * window captured at device scale 1.590625 (1280 × 1.590625 = 2036; 719 × 1.590625 ≈ 1144), not
 * letterboxed. Each step's before-state says so (`viewport` 1280×719, `deviceScaleFactor`,
 * `targetBox` in those CSS px). Unverified against every capture, so the episode also lists the
 * other reading — a 2036×1144 window at scale 1 — and the replayer keeps the one whose render of
 * the start page is most like the first recorded screenshot (src/replay/choose-viewport.ts).
 */
export const BABYAGI_WINDOW = { width: 1280, height: 719, deviceScaleFactor: 1.590625 } as const;
export const BABYAGI_WINDOWS = [BABYAGI_WINDOW, { width: BABYAGI_SCREEN.width, height: BABYAGI_SCREEN.height, deviceScaleFactor: 1 }];
/** What one baby-agi scroll step moves (spec §3): 200 px, up or down. */
export const SCROLL_PX = 200;

const Id = z.union([z.string().min(1), z.number().int()]);
const Xy = z.union([z.tuple([z.number(), z.number()]), z.object({ x: z.number(), y: z.number() })]);
const ActionOption = z.looseObject({ index: z.number().int(), top_left: Xy, bottom_right: Xy });
const ActionTaken = z.looseObject({
  type: z.string(),
  value: z.unknown().optional(),
  action_option_index: z.number().int().nullish(),
});
const StepSchema = z.looseObject({
  image_id: Id,
  action_options: z.array(z.unknown()).nullish(),
  action_taken: ActionTaken,
});
const Trajectory = z.looseObject({
  id: Id,
  instruction: z.string(),
  trajectory: z.array(z.unknown()),
});
const TRAJECTORY_FIELDS = new Set(['id', 'instruction', 'trajectory']);

/**
 * One baby-agi trajectory `{id, instruction, trajectory[]}` → one episode. Each trajectory
 * step `{image_id, action_options[{index, top_left, bottom_right}], action_taken{type, value,
 * action_option_index}}` becomes one step:
 *   click  → `clickPoint` at the centre of the chosen option's box (screenshot pixels);
 *   type   → `type` of `value` into the focused element (a recorded select is a click then a
 *            type: kept as the two steps it was);
 *   scroll → `scroll` by ±200 px (`value` up/down).
 * Its screenshot is `images/<image_id>` (see ImageFinder).
 */
export function decodeTrajectory(
  obj: Record<string, unknown>,
  at: RecordAt,
  fallbackId: string,
  recordIssues: FieldIssue[],
  images: ImageFinder,
): EpisodeResult & { id: string } {
  const parsed = Trajectory.safeParse(obj);
  const idOk = Id.safeParse(obj.id);
  const id = idOk.success ? String(idOk.data) : fallbackId;
  const where = sourceRef(at.file, at.line, at.record);
  const problems: Problem[] = [...recordIssues, ...(parsed.success ? [] : zodIssues(parsed.error))].map((i) => pinAt(i, where, id));
  const steps: Omit<Step, 'index'>[] = [];
  const stepMeta: Record<string, unknown>[] = [];
  (Array.isArray(obj.trajectory) ? obj.trajectory : []).forEach((value, i) => {
    const source = sourceRef(at.file, at.line, joinField(at.record, 'trajectory', i));
    const decoded = decodeStep(value, images);
    problems.push(...decoded.issues.map((issue) => pinAt(issue, source, id)));
    if (decoded.step) {
      steps.push({ ...decoded.step, source });
      stepMeta.push({ image_id: decoded.imageId });
    }
  });
  const meta: Record<string, unknown> = { ...extraFields(obj, TRAJECTORY_FIELDS), steps: stepMeta };
  const instruction = typeof obj.instruction === 'string' ? obj.instruction : undefined;
  return {
    id,
    ...finishEpisode({ id, format: 'babyagi', instruction, steps, meta, source: where, viewportCandidates: BABYAGI_WINDOWS }, problems),
  };
}

interface DecodedStep {
  step?: Omit<Step, 'index' | 'source'>;
  imageId?: string;
  issues: FieldIssue[];
}

function decodeStep(value: unknown, images: ImageFinder): DecodedStep {
  const issues: FieldIssue[] = [];
  if (!isPlainObject(value)) return { issues: [{ message: 'expected a trajectory step object', severity: 'error' }] };
  const parsed = StepSchema.safeParse(value);
  if (!parsed.success) issues.push(...zodIssues(parsed.error));
  const imageOk = Id.safeParse(value.image_id);
  const imageId = imageOk.success ? String(imageOk.data) : undefined;
  const options = readOptions(value.action_options, issues);
  if (!parsed.success) return { issues };

  const taken = parsed.data.action_taken;
  const chosen = taken.action_option_index ?? undefined;
  const box = chosen !== undefined ? options.get(chosen) : undefined;
  let action: Action | undefined;
  switch (taken.type) {
    case 'click':
      if (chosen === undefined)
        issues.push({
          field: 'action_taken.action_option_index',
          message: 'missing (a click needs the option it clicked)',
          severity: 'error',
        });
      else if (!box)
        issues.push({
          field: 'action_taken.action_option_index',
          message: `${chosen} is the index of no usable action_options entry (${describeIndexes(options)})`,
          severity: 'error',
        });
      else
        action = {
          type: 'clickPoint',
          point: { x: box.x + box.width / 2, y: box.y + box.height / 2, units: 'px', viewport: BABYAGI_SCREEN },
          button: 'left',
          clickCount: 1,
        };
      break;
    case 'type':
      if (typeof taken.value !== 'string')
        issues.push({
          field: 'action_taken.value',
          message: `${taken.value === undefined ? 'missing' : `expected the typed text, got ${typeof taken.value}`}`,
          severity: 'error',
        });
      else action = { type: 'type', text: taken.value };
      if (chosen !== undefined && !box)
        issues.push({
          field: 'action_taken.action_option_index',
          message: `${chosen} is the index of no usable action_options entry; the step has no target box`,
          severity: 'warning',
        });
      break;
    case 'scroll': {
      const direction = typeof taken.value === 'string' ? taken.value.trim().toLowerCase() : undefined;
      if (direction === 'up' || direction === 'down')
        action = { type: 'scroll', dx: 0, dy: direction === 'up' ? -SCROLL_PX : SCROLL_PX, unit: 'px' };
      else
        issues.push({
          field: 'action_taken.value',
          message: `expected "up" or "down" for a scroll, got ${JSON.stringify(taken.value) ?? 'nothing'}`,
          severity: 'error',
        });
      break;
    }
    default:
      issues.push({
        field: 'action_taken.type',
        message: `unknown action type ${JSON.stringify(taken.type)} (expected click, type or scroll)`,
        severity: 'error',
      });
  }

  const before: Evidence = {
    viewport: { width: BABYAGI_WINDOW.width, height: BABYAGI_WINDOW.height },
    deviceScaleFactor: BABYAGI_WINDOW.deviceScaleFactor,
  };
  if (imageId !== undefined) {
    const image = images.find(imageId, 'image_id');
    if (image.issue) issues.push(image.issue);
    if (image.path) before.screenshot = image.path;
  }
  if (box && taken.type !== 'scroll') before.targetBox = toWindow(box);
  if (hasError(issues) || !action) return { issues, imageId };
  return { step: { page: 'page', action, expect: [], before }, imageId, issues };
}

/** The usable option boxes by their `index`; a malformed option is ignored with a warning. */
function readOptions(value: unknown, issues: FieldIssue[]): Map<number, Box> {
  const boxes = new Map<number, Box>();
  if (!Array.isArray(value)) return boxes;
  value.forEach((raw, k) => {
    const field = joinField('action_options', k)!;
    const option = ActionOption.safeParse(raw);
    if (!option.success) {
      issues.push(...zodIssues(option.error, field, 'warning').map((i) => ({ ...i, message: `${i.message}; this option is ignored` })));
      return;
    }
    const [x1, y1] = xy(option.data.top_left);
    const [x2, y2] = xy(option.data.bottom_right);
    const absurd = absurdCoordinates({ x1, y1, x2, y2 }, BABYAGI_SCREEN);
    if (absurd) {
      issues.push({ field, message: `${absurd}; this option is ignored`, severity: 'warning' });
      return;
    }
    if (x2 < x1 || y2 < y1) {
      issues.push({
        field,
        message: `bottom_right (${x2}, ${y2}) is above or left of top_left (${x1}, ${y1}); this option is ignored`,
        severity: 'warning',
      });
      return;
    }
    if (boxes.has(option.data.index)) {
      issues.push({
        field: `${field}.index`,
        message: `index ${option.data.index} is used by an earlier option; this option is ignored`,
        severity: 'warning',
      });
      return;
    }
    boxes.set(option.data.index, { x: x1, y: y1, width: x2 - x1, height: y2 - y1 });
  });
  return boxes;
}

/** A box in screenshot pixels as CSS px of the window model (the scale screenshots were taken at). */
function toWindow(b: Box): Box {
  const k = BABYAGI_WINDOW.deviceScaleFactor;
  const r = (n: number) => Math.round((n / k) * 100) / 100;
  return { x: r(b.x), y: r(b.y), width: r(b.width), height: r(b.height) };
}

function xy(p: z.infer<typeof Xy>): [number, number] {
  return Array.isArray(p) ? [p[0], p[1]] : [p.x, p.y];
}

function describeIndexes(options: Map<number, Box>): string {
  return options.size === 0 ? 'there are none' : `usable: ${[...options.keys()].join(', ')}`;
}
