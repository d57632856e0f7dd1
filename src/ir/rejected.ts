import type { Episode, FormatName, SourceRef } from './episode.js';
import type { Problem } from './problem.js';

/** An episode the decoder could not turn into IR: reported as `error`, never dropped. */
export interface RejectedEpisode {
  id: string;
  format: FormatName;
  source: SourceRef;
  problems: Problem[];
}

/** An episode or a rejected one, in dataset order: what a decoded dataset feeds the replayer. */
export type DatasetItem = { kind: 'episode'; episode: Episode } | { kind: 'rejected'; rejected: RejectedEpisode };
