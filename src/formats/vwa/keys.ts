import type { Modifier } from '../../ir/action.js';
import type { FieldIssue } from '../field-issue.js';

/**
 * VisualWebArena's key vocabulary (`browser_env/constants.py`): `text` fields are lists of
 * ids into SPECIAL_KEYS ++ chr(32..127) ++ chr(129..129999) ++ ["\n"], and typing joins
 * `_id2key[id]` for each id.
 */
const SPECIAL_KEYS = [
  'Enter',
  'Tab',
  'Control',
  'Shift',
  'Meta',
  'Backspace',
  'Delete',
  'Escape',
  'ArrowUp',
  'ArrowDown',
  'ArrowLeft',
  'ArrowRight',
  'PageDown',
  'PageUp',
  'Meta+a',
] as const;

/** Id of "\n", the last entry of the vocabulary. */
const NEWLINE_ID = 129982;

/** `_id2key[id]`, or undefined for an id outside the vocabulary. */
export function idToKey(id: number): string | undefined {
  if (!Number.isInteger(id) || id < 0) return undefined;
  if (id < SPECIAL_KEYS.length) return SPECIAL_KEYS[id];
  if (id <= 110) return String.fromCodePoint(id + 17);
  if (id <= 129981) return String.fromCodePoint(id + 18);
  if (id === NEWLINE_ID) return '\n';
  return undefined;
}

/**
 * A VWA `text` value as the string VWA typed: a list of key ids is decoded (special-key ids
 * insert their names literally, as VWA's `"".join` does), a string passes through, null is
 * "nothing recorded". Bad ids are errors: the string VWA typed cannot be known.
 */
export function decodeKeyText(value: unknown, field: string): { text?: string; issues: FieldIssue[] } {
  const issues: FieldIssue[] = [];
  if (value === null || value === undefined) return { issues };
  if (typeof value === 'string') return { text: value, issues };
  if (!Array.isArray(value))
    return { issues: [{ field, message: `expected a list of key ids or a string, got ${typeof value}`, severity: 'error' }] };
  let text = '';
  const literal: string[] = [];
  value.forEach((id, i) => {
    if (typeof id === 'string') {
      // VWA's _keys2ids maps characters outside the vocabulary to the string " " (a bug); take it as text.
      text += id;
      issues.push({
        field: `${field}[${i}]`,
        message: `a string in a key-id list (${JSON.stringify(id)}); typed as it is`,
        severity: 'warning',
      });
      return;
    }
    const key = typeof id === 'number' ? idToKey(id) : undefined;
    if (key === undefined) {
      issues.push({ field: `${field}[${i}]`, message: `${JSON.stringify(id)} is not a VWA key id (0–${NEWLINE_ID})`, severity: 'error' });
      return;
    }
    if (typeof id === 'number' && id < SPECIAL_KEYS.length) literal.push(key);
    text += key;
  });
  if (literal.length) {
    issues.push({
      field,
      message: `special-key ids (${[...new Set(literal)].join(', ')}) are typed as their names, letter by letter, as VWA does`,
      severity: 'warning',
    });
  }
  return issues.some((i) => i.severity === 'error') ? { issues } : { text, issues };
}

const MODIFIERS = new Set<string>(['Alt', 'Control', 'Meta', 'Shift', 'ControlOrMeta']);

export interface KeyChord {
  key: string;
  modifiers: Modifier[];
  /** The chord after the Meta rule, when it changed. */
  rewrittenFrom?: string;
}

/**
 * A VWA `key_comb` as Playwright will press it. VWA replaces every "Meta" with "Control" when
 * `navigator.platform` is not a Mac; the recorded runs were Linux, so that replacement is what
 * was pressed, and a Linux replay needs it too: it is applied here, once, at decode time.
 * Parts before the last that are not Playwright modifiers (VWA's prompt teaches `Ctrl+v`,
 * which Playwright rejects as `Unknown key: "Ctrl"`) keep the chord whole, so the replay
 * fails the way the recording did rather than pressing something else.
 */
export function parseKeyComb(keyComb: string): KeyChord {
  const chord = keyComb.includes('Meta') ? keyComb.replaceAll('Meta', 'Control') : keyComb;
  const parts = splitChord(chord);
  const key = parts[parts.length - 1]!;
  const mods = parts.slice(0, -1);
  const out: KeyChord = mods.every((m) => MODIFIERS.has(m)) ? { key, modifiers: mods as Modifier[] } : { key: chord, modifiers: [] };
  if (chord !== keyComb) out.rewrittenFrom = keyComb;
  return out;
}

/** Playwright's split: on "+", a trailing "+" being the key itself ("Control++"). */
function splitChord(chord: string): string[] {
  const parts = chord.split('+');
  if (parts.length > 1 && parts[parts.length - 1] === '' && parts[parts.length - 2] === '') {
    parts.splice(parts.length - 2, 2, '+');
  }
  return parts;
}
