import { relative } from 'node:path';
import type { FormatName, SourceRef } from '../ir/index.js';
import { duplicateId } from './dataset-records.js';
import type { RejectedEpisode } from './format.js';
import type { Problem } from '../ir/problem.js';

/**
 * Formats whose episode ids are recorded ids (a task's `annotation_id`, a trajectory's `id`), so
 * one id in two files is the same episode twice: the later copy is refused. Other formats (an
 * episode named after its file, as codegen, DevTools and VWA do, or rpaweb's per-file ids) have
 * two episodes when two files share an id (`render_1.html` in two folders): the later one is
 * renamed after its path, so both are replayed and both keep a result line of their own.
 */
const RECORDED_IDS: ReadonlySet<FormatName> = new Set(['mind2web', 'mt-mind2web', 'babyagi']);

/**
 * Episode ids across the files of one dataset. Each decoder refuses an id its own file repeats;
 * two files can still share one (a Mind2Web shard and the Multimodal-Mind2Web rows of the same
 * task in one folder). Both cannot be reported under it — results, merge and --resume keep one
 * line per id — so the later one is refused, named after where it is. Only ids and where they
 * were first seen are held, never episodes.
 */
export class FirstSeen {
  private readonly seen = new Map<string, { file: string; line?: number }>();

  /** @param root the dataset folder, to name a renamed episode by its path inside it. */
  constructor(private readonly root: string) {}

  /**
   * An episode whose id another file already used, under an id of its own with a warning, for
   * formats where that makes it a different episode; undefined otherwise (`check` then decides).
   */
  rename(item: { id: string; format: FormatName; source: SourceRef }): { id: string; problem: Problem } | undefined {
    if (RECORDED_IDS.has(item.format)) return undefined;
    const first = this.seen.get(item.id);
    if (first === undefined || first.file === item.source.file) {
      this.seen.set(item.id, first ?? { file: item.source.file, line: item.source.line });
      return undefined;
    }
    let id = `${item.id} (${relative(this.root, item.source.file) || item.source.file})`;
    for (let n = 2; this.seen.has(id); n++) id = `${item.id} (${relative(this.root, item.source.file)} #${n})`;
    this.seen.set(id, { file: item.source.file, line: item.source.line });
    const problem: Problem = {
      file: item.source.file,
      ...(item.source.line !== undefined ? { line: item.source.line } : {}),
      episode: id,
      message: `episode id ${JSON.stringify(item.id)} is also the id of an episode of ${first.file}; this one is replayed as ${JSON.stringify(id)}`,
      severity: 'warning',
    };
    return { id, problem };
  }

  /** The refusal of `item` when another file already had its id; undefined when it is new. */
  check(item: { id: string; format: FormatName; source: SourceRef; problems?: Problem[] }): RejectedEpisode | undefined {
    if (!RECORDED_IDS.has(item.format)) return undefined;
    const first = this.seen.get(item.id);
    if (first === undefined) {
      this.seen.set(item.id, { file: item.source.file, line: item.source.line });
      return undefined;
    }
    if (first.file === item.source.file) return undefined; // the decoder has dealt with its own file
    const id = duplicateId(item.id, item.source);
    const problem = {
      file: item.source.file,
      ...(item.source.line !== undefined ? { line: item.source.line } : {}),
      ...(item.source.record !== undefined ? { record: item.source.record } : {}),
      episode: id,
      message: `episode id ${JSON.stringify(item.id)} is also the id of an episode of ${first.file}${first.line !== undefined ? `:${first.line}` : ''}; this one is not replayed`,
      severity: 'error' as const,
    };
    // An episode already refused keeps its own reasons, under its new id.
    const own = (item.problems ?? []).map((p) => ({ ...p, episode: id }));
    return { id, format: item.format, source: item.source, problems: [...own, problem] };
  }
}
