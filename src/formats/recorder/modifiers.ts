import type { Modifier } from '../../ir/action.js';

/**
 * The recorder's `modifiers` bitmask (injected recorder `modifiersForEvent`, unchanged from
 * 1.35 to today). Decoded to literal key names in Playwright's own order: 1.44+ codegen
 * writes Control and Meta both as `ControlOrMeta`, but the bits say which key was held, and
 * the replayer can still choose `ControlOrMeta` when the OS differs.
 */
const BITS: readonly [number, Modifier][] = [
  [1, 'Alt'],
  [2, 'Control'],
  [4, 'Meta'],
  [8, 'Shift'],
];

/** All bits the recorder can set. */
export const MODIFIER_MASK = 15;

export function modifiersFromBitmask(mask: number): Modifier[] {
  return BITS.filter(([bit]) => (mask & bit) !== 0).map(([, name]) => name);
}
