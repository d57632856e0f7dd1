import type { Evidence } from '../evidence.js';
import { renderableHtml } from './dom-xml.js';
import { withoutRecorderOverlay } from './recorder-overlay.js';

export { parseRect } from './dom-xml-rect.js';
export { parseMhtml, type Mhtml, type MhtmlPart } from './mhtml.js';
export { hasRecorderOverlay, recorderToolbarBox, withoutRecorderOverlay } from './recorder-overlay.js';

/**
 * A recorded before-state's HTML as a browser has it: a DOM dump (`htmlForm: 'dom-xml'`) is
 * rendered back into HTML; anything else is returned as recorded, without the Playwright
 * recorder's overlay (recorder-overlay.ts). The replayer reads recorded pages only through
 * this, so it never needs to know which dataset or recorder wrote them.
 */
export function asBrowserHtml(evidence: Pick<Evidence, 'htmlForm'> | undefined, recorded: string): string {
  return evidence?.htmlForm === 'dom-xml' ? renderableHtml(recorded) : withoutRecorderOverlay(recorded);
}
