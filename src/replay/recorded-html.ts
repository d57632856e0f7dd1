import { renderableHtml } from '../formats/mind2web/renderable-html.js';
import type { Episode } from '../ir/index.js';

/**
 * How an episode's recorded HTML becomes HTML a browser has: Mind2Web dumped the DOM as XML
 * (`<text>` nodes, renamed attributes), which compared raw with a live page reads as a different
 * page at every step. Other formats recorded HTML already (undefined: as is).
 */
export function recordedAsHtml(episode: Episode): ((recorded: string) => string) | undefined {
  return episode.format === 'mind2web' || episode.format === 'mt-mind2web' ? renderableHtml : undefined;
}
