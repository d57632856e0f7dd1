import type { Evidence } from '../evidence.js';
import { renderableHtml } from './dom-xml.js';

export { parseRect } from './dom-xml-rect.js';
export { parseMhtml, type Mhtml, type MhtmlPart } from './mhtml.js';

/**
 * A recorded before-state's HTML as a browser has it: a DOM dump (`htmlForm: 'dom-xml'`) is
 * rendered back into HTML; anything else is returned as recorded. The replayer reads recorded
 * pages only through this, so it never needs to know which dataset wrote them.
 */
export function asBrowserHtml(evidence: Pick<Evidence, 'htmlForm'> | undefined, recorded: string): string {
  return evidence?.htmlForm === 'dom-xml' ? renderableHtml(recorded) : recorded;
}
