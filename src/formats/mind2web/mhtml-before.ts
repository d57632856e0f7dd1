import { join } from 'node:path';
import type { Episode } from '../../ir/index.js';
import { resolveDatasetFile } from '../dataset-path.js';

/** Where Mind2Web's raw dump keeps a step's before-snapshot, relative to the dataset root. */
export const rawDumpMhtml = (annotationId: string, actionUid: string): string =>
  join('task', annotationId, 'processed', 'snapshots', `${actionUid}_before.mhtml`);

/**
 * Points each step at its raw-dump MHTML before-snapshot (`task/<annotation_id>/processed/
 * snapshots/<action_uid>_before.mhtml` under the dataset root) when the dataset has it: the
 * recorded page with its CSS and images, which snapshot mode renders when a step has no
 * raw_html. Paths that would lead outside the dataset root are never taken.
 */
export function attachRawDumpMhtml(episode: Episode, datasetRoot: string): void {
  const uids = Array.isArray(episode.meta.steps) ? (episode.meta.steps as { action_uid?: unknown }[]) : [];
  episode.steps.forEach((step, i) => {
    const uid = uids[i]?.action_uid;
    if (typeof uid !== 'string' || step.before?.htmlFile) return;
    const file = resolveDatasetFile(rawDumpMhtml(episode.id, uid), datasetRoot, datasetRoot);
    // Set in place: a spread would read (decode) a before-state HTML still undecoded.
    if (file.inside && file.exists) {
      if (step.before) step.before.htmlFile = file.path;
      else step.before = { htmlFile: file.path };
    }
  });
}
