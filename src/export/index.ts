import type { Episode } from '../ir/index.js';
import { playwrightTest, type PlaywrightTestOptions } from './playwright-test.js';

export { playwrightTest, type PlaywrightTestOptions } from './playwright-test.js';
export { jsString } from './js-source.js';
export { locatorFor, selectorChain } from './locator.js';

const EXPORT_TARGETS = ['playwright-test', 'ir'] as const;
export type ExportTarget = (typeof EXPORT_TARGETS)[number];

/** The decoded IR of an episode, as the JSON `replaywright inspect --json` prints (indented). */
function irJson(episode: Episode): string {
  return JSON.stringify(episode, null, 2) + '\n';
}

export function exportEpisode(episode: Episode, to: ExportTarget, options: PlaywrightTestOptions = {}): string {
  return to === 'ir' ? irJson(episode) : playwrightTest(episode, options);
}
