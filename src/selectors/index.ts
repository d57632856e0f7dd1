// Playwright selector strings: parsing, quoting and the frame hop. Knows no other layer:
// decoders, the replayer and export share this one reading of Playwright's selector syntax.
export { describingLocate, locateFromPart, partEngine, readQuoted, splitSelector, type PartMeaning } from './selector-text.js';
export { attrValue, textValue } from './quote.js';
export { includeHidden } from './include-hidden.js';
export { ENTER_FRAME, FRAME_HOP, throughFrames } from './frame-hop.js';
