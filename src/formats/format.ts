import type { Episode, FormatName } from '../ir/episode.js';
import type { Problem } from '../ir/problem.js';
import type { RejectedEpisode } from '../ir/rejected.js';

export interface DecodeOptions {
  /** Every file path a dataset names must resolve inside this folder. */
  datasetRoot: string;
}

export type { RejectedEpisode } from '../ir/rejected.js';

export interface Decoded {
  episodes: Episode[];
  rejected: RejectedEpisode[];
  /** Every problem found, including those of rejected episodes and rows that name no episode. */
  problems: Problem[];
  /** Rows/records read, good or bad, so "nothing could be read" can be told apart from "empty". */
  recordsRead: number;
}

/** One dataset format: how to recognise its files and turn one into episodes. Pure: no browser. */
export interface DatasetFormat {
  name: FormatName;
  /**
   * File name endings this format's files have (lower case, with the dot, e.g. `.jsonl`), so a
   * folder walk only opens candidates. Absent: every file is sniffed.
   */
  extensions?: readonly string[];
  /** Whether a file (by name and its first few KiB) is in this format. */
  sniff(file: string, head: string): boolean;
  decodeFile(file: string, options: DecodeOptions): Promise<Decoded>;
  /**
   * The same decode as a stream, each item as soon as it is known, so a caller that lets go of
   * an episode after using it holds one record at a time (a Mind2Web shard is GBs of raw_html).
   * Absent: the file is decoded whole with `decodeFile`.
   */
  decodeStream?(file: string, options: DecodeOptions): AsyncIterable<DecodeItem>;
}

/** One thing a streaming decoder found, as soon as it is known. */
export type DecodeItem =
  | { kind: 'episode'; episode: Episode }
  | { kind: 'rejected'; rejected: RejectedEpisode }
  | { kind: 'problem'; problem: Problem }
  /** One more record read, good or bad. */
  | { kind: 'record' };
