import type { Page } from 'playwright';
import { cdpSession } from './devtools/cdp.js';
import { afterNextFrame } from './next-frame.js';

/** What one typed character is on a US keyboard: the DOM `key`/`code` and the legacy keyCode. */
interface KeyStroke {
  key: string;
  code: string;
  keyCode: number;
  /** What the key inserts (Enter inserts a carriage return, as a real keyboard's does). */
  text: string;
}

/** Punctuation on a US layout: unshifted and shifted character, `code`, keyCode. */
const PUNCTUATION: [string, string, string, number][] = [
  ['`', '~', 'Backquote', 192],
  ['-', '_', 'Minus', 189],
  ['=', '+', 'Equal', 187],
  ['[', '{', 'BracketLeft', 219],
  [']', '}', 'BracketRight', 221],
  ['\\', '|', 'Backslash', 220],
  [';', ':', 'Semicolon', 186],
  ["'", '"', 'Quote', 222],
  [',', '<', 'Comma', 188],
  ['.', '>', 'Period', 190],
  ['/', '?', 'Slash', 191],
];
/** The digit row's shifted characters, from 1 to 0. */
const SHIFTED_DIGITS = '!@#$%^&*()';

const STROKES = new Map<string, KeyStroke>();
for (let i = 0; i < 26; i++) {
  const lower = String.fromCharCode(97 + i);
  const upper = lower.toUpperCase();
  const code = `Key${upper}`;
  STROKES.set(lower, { key: lower, code, keyCode: upper.charCodeAt(0), text: lower });
  STROKES.set(upper, { key: upper, code, keyCode: upper.charCodeAt(0), text: upper });
}
for (let d = 0; d < 10; d++) {
  const digit = String(d);
  const code = `Digit${digit}`;
  STROKES.set(digit, { key: digit, code, keyCode: 48 + d, text: digit });
  const shifted = SHIFTED_DIGITS[(d + 9) % 10]!;
  STROKES.set(shifted, { key: shifted, code, keyCode: 48 + d, text: shifted });
}
for (const [plain, shifted, code, keyCode] of PUNCTUATION) {
  STROKES.set(plain, { key: plain, code, keyCode, text: plain });
  STROKES.set(shifted, { key: shifted, code, keyCode, text: shifted });
}
STROKES.set(' ', { key: ' ', code: 'Space', keyCode: 32, text: ' ' });
STROKES.set('\n', { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' });
STROKES.set('\r', { key: 'Enter', code: 'Enter', keyCode: 13, text: '\r' });
STROKES.set('\t', { key: 'Tab', code: 'Tab', keyCode: 9, text: '' });

/**
 * Types `text` into whatever has focus, key by key — keydown, keypress, input and keyup for each
 * character on a US layout, as Playwright's `keyboard.type` sends them (no modifier flags; a
 * character off the layout is inserted as text, an input event alone) — but with every key
 * event sent at once: Chrome handles them in order, and the typing waits for the last one only,
 * where `keyboard.type` waits for each key's down and up in turn (two round trips a character,
 * 5–8 ms on a loaded machine; a 24-character title took ~150 ms, now ~35). A line break is the
 * exception: the keys after it wait for the page to take it (lineBreakTaken). Returns false, having
 * sent nothing, when the page has no DevTools session (then the caller types through Playwright).
 */
export async function typeKeys(page: Page, text: string): Promise<boolean> {
  const cdp = await cdpSession(page).catch(() => undefined);
  if (!cdp) return false;
  const sent: Promise<unknown>[] = [];
  for (const ch of text) {
    const stroke = STROKES.get(ch);
    if (!stroke) {
      sent.push(cdp.send('Input.insertText', { text: ch }));
      continue;
    }
    const key = { key: stroke.key, code: stroke.code, windowsVirtualKeyCode: stroke.keyCode, nativeVirtualKeyCode: stroke.keyCode };
    sent.push(
      cdp.send('Input.dispatchKeyEvent', {
        type: stroke.text ? 'keyDown' : 'rawKeyDown',
        ...key,
        ...(stroke.text ? { text: stroke.text, unmodifiedText: stroke.text } : {}),
      }),
    );
    sent.push(cdp.send('Input.dispatchKeyEvent', { type: 'keyUp', ...key }));
    if (stroke.key === 'Enter') await lineBreakTaken(page, sent.splice(0));
  }
  await Promise.all(sent);
  return true;
}

/**
 * Waits until the page has handled a line break and drawn a frame after it. An editor may make
 * the new line or block a frame or a task later (Trix 2.1 does), and keys sent before then land
 * at the old caret: "Book" after an Enter came out as "B", a line break, "ook". A person never
 * types the next key in the same frame, so neither does the replay; only a line break waits
 * (the costly cases are there, and typing stays one burst per line).
 */
async function lineBreakTaken(page: Page, sent: Promise<unknown>[]): Promise<void> {
  await Promise.all(sent);
  // An Enter that submitted a form may have taken the page away: the rest is typed into the next one.
  await afterNextFrame(page);
}

/** Types `text` into whatever has focus: typeKeys, or Playwright's `keyboard.type` where the page has no DevTools session. */
export async function typeText(page: Page, text: string): Promise<void> {
  if (!(await typeKeys(page, text))) await page.keyboard.type(text);
}
