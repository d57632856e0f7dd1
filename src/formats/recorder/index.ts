/** Playwright recorder (codegen `jsonl`) action lines → IR, shared by every decoder that meets them. */
export { decodeRecorderLine, type RecorderLineResult, type RecorderStep } from './line.js';
export { modifiersFromBitmask, MODIFIER_MASK } from './modifiers.js';
export { targetFromRecorder, type RecorderTargetInput } from './target.js';
export { expectationsFromSignals } from './signals.js';
export { RECORDER_ACTION_NAMES, RecorderLine, RecorderSignal, type RecorderActionName } from './schema.js';
export { describingLocate, splitSelector } from '../../selectors/selector-text.js';
