import { z } from 'zod';
import { FORMAT_NAME_LIST } from './format-names.js';
import { Action } from './action.js';
import { Evidence } from './evidence.js';
import { Expectation } from './expectation.js';

export const FormatName = z.enum(FORMAT_NAME_LIST);
export type FormatName = z.infer<typeof FormatName>;

/** Where in the user's files something came from, for every message that points at it. */
export const SourceRef = z.object({
  file: z.string(),
  /** 1-based line (JSONL) */
  line: z.number().int().positive().optional(),
  /** Record path inside the file, e.g. `[3].actions[2]` */
  record: z.string().optional(),
});
export type SourceRef = z.infer<typeof SourceRef>;

export const Step = z.object({
  /** 0-based position in the episode after ordering. */
  index: z.number().int().nonnegative(),
  /** The step number the dataset gave, when it gave one. */
  recordedStep: z.union([z.number(), z.string()]).optional(),
  /** Which page the action runs on: recorder alias or guid; `page` is the first page. */
  page: z.string().default('page'),
  action: Action,
  /** What the recording saw happen because of this step. */
  expect: z.array(Expectation).default([]),
  /** The recorded state just before the step. */
  before: Evidence.optional(),
  /** Human words for the step (instruction, sub-intent, action_repr). */
  note: z.string().optional(),
  /**
   * The step needs a value only the user can give (rpaweb `user_feedback`). Replay takes it
   * from `--param <param>=…`; without one the step is reported `needs-input`.
   */
  needsInput: z.object({ param: z.string().min(1), prompt: z.string().optional() }).optional(),
  /**
   * Why the recorded step cannot be replayed (a malformed record: unknown action type, an
   * element the observation does not have, code that does not parse). The action is a `noop`;
   * the replay reports the step `invalid-input` and runs the rest, as the recording harness did.
   */
  unreplayable: z.string().min(1).optional(),
  /**
   * The recording's own time limit for this step (a DevTools Recorder step's or flow's
   * `timeout`, ms). It lengthens the run's per-step timeout for this step, never shortens it:
   * a recorder's 5 s default must not undo a `--timeout` given for a slow site.
   */
  timeoutMs: z.number().positive().optional(),
  source: SourceRef,
});
export type Step = z.infer<typeof Step>;

export const Episode = z.object({
  id: z.string().min(1),
  format: FormatName,
  instruction: z.string().optional(),
  /** A session continues the previous episode's browser state (MT-Mind2Web turns). */
  continues: z.string().optional(),
  steps: z.array(Step),
  /** The recorded state after the last step, when the dataset has one. */
  after: Evidence.optional(),
  /**
   * The recording names the right element(s) of every step (Mind2Web's positive candidates), so
   * snapshot mode scores element accuracy, a step without any counting as a miss.
   */
  scoresElements: z.boolean().optional(),
  /**
   * Browser windows (CSS px and device scale) that may have taken the recorded screenshots, the
   * decoder's reading first (BabyAGI: 1280×719 at 1.590625, else 2036×1144 at 1). Live replay
   * runs in the one whose render of the start page is most like the first recorded screenshot;
   * without a screenshot, in the first. `--viewport` overrides.
   */
  viewportCandidates: z
    .array(
      z.object({
        width: z.number().int().positive(),
        height: z.number().int().positive(),
        deviceScaleFactor: z.number().positive(),
      }),
    )
    .min(1)
    .optional(),
  /** What the user holds, in words for messages (`a plain codegen file`); default `a <format> episode`. */
  describedAs: z.string().optional(),
  /** Dataset fields with no IR meaning, kept so nothing the user gave is lost. */
  meta: z.record(z.string(), z.unknown()).default({}),
  source: SourceRef,
});
export type Episode = z.infer<typeof Episode>;
