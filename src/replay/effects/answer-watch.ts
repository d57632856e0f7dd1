import type { OwnChanges } from '../own-changes.js';

/**
 * What a click's or a key's answer watch keeps on the page's window
 * (Symbol.for('replaywright.answerWatch')) until it ends: guarded-click.ts and key-answer.ts read
 * it after the input, and answer-wait.ts again once the page has settled.
 */
export interface AnswerWatch {
  token: string;
  /** The answer seen so far, if any; `end` stops the watch. */
  read(end: boolean): string | undefined;
  /**
   * The answer seen so far, or else `otherwise` (one told from outside the DOM: a navigation, a
   * request), and `aside`: what changed during the watch that is not an answer, in words (a part
   * of the page changing as it does on its own, what an earlier input set off: own-changes.ts).
   * Ends the watch once answered, or with `end`.
   */
  take(otherwise?: string, end?: boolean): { answer?: string; aside?: string };
  /**
   * How many requests (fetch, XHR) the page's code sent for this input or a later one
   * (own-changes.ts; a poll's are not counted); undefined where the page is not watched so.
   */
  inputRequests(): number | undefined;
}

/**
 * Runs inside the page, self-contained: from a click's first event (`path`, its composed path),
 * watches for the page answering it: the DOM changing (in the document or a shadow root the click
 * passed through), a value changing, focus moving into a field or away from what was clicked, the
 * caret moving in the field that has focus, something scrolling or toggling (a popover). The
 * browser's own part of a click (focus on the clicked button, :hover and :active styles, the
 * `change` of the field it leaves) changes none of these, so an app that ignored the click leaves
 * them all unchanged. Inline-style writes are not counted while script was already moving the
 * page (a slider still sliding writes them whether or not the click was taken); nor are changes
 * an earlier input set off, or that no input caused to a part of the page that lately changed on
 * its own (own-changes.ts: a clock ticking, a carousel turning). A watch started ends the one
 * before it; one nobody reads ends after 15 s.
 */
export function watchAnswerInPage(token: string, path: EventTarget[]): AnswerWatch {
  const slot = Symbol.for('replaywright.answerWatch');
  const store = window as unknown as Record<symbol, AnswerWatch | undefined>;
  store[slot]?.read(true);
  let answer: string | undefined;
  const say = (what: string) => void (answer ??= what);
  const motion = (window as unknown as Record<symbol, { last: number; quietMs: number } | undefined>)[
    Symbol.for('replaywright.scriptMotion')
  ];
  const moving = motion !== undefined && performance.now() - motion.last < motion.quietMs;
  const own = (window as unknown as Record<symbol, OwnChanges | undefined>)[Symbol.for('replaywright.ownChanges')];
  let ownPart: string | undefined;
  let earlier = false;
  // The input this watch is for: it starts in that input's first event (own-changes.ts numbers it first).
  const input = own?.latestInput() ?? 0;
  const judge = (records: MutationRecord[]) => {
    const counted = records.filter((r) => !(moving && r.type === 'attributes' && r.attributeName === 'style'));
    if (!counted.length) return;
    if (!own) return say('the DOM changed');
    const cause = own.cause();
    // A change an earlier input set off (a debounce from the typing before a key) is not this one's answer.
    if (cause >= input) say('the DOM changed');
    else if (cause > 0) earlier = true;
    else {
      const part = own.onItsOwn(counted);
      if (part === undefined) say('the DOM changed');
      else ownPart ??= part;
    }
  };
  const observer = new MutationObserver(judge);
  const all = { subtree: true, childList: true, attributes: true, characterData: true };
  observer.observe(document, all);
  for (const node of path) if (node instanceof ShadowRoot) observer.observe(node, all);
  const deepActive = () => {
    let a = document.activeElement;
    while (a?.shadowRoot?.activeElement) a = a.shadowRoot.activeElement;
    return a;
  };
  const editable = (n: Element | null) =>
    !!n &&
    ((n instanceof HTMLInputElement &&
      !['button', 'submit', 'reset', 'image', 'checkbox', 'radio', 'range', 'color', 'file'].includes(n.type)) ||
      n instanceof HTMLTextAreaElement ||
      n instanceof HTMLSelectElement ||
      (n as HTMLElement).isContentEditable);
  const caret = (): unknown[] => {
    const a = deepActive();
    if (a instanceof HTMLInputElement || a instanceof HTMLTextAreaElement) {
      try {
        return [a.selectionStart, a.selectionEnd, a.selectionDirection];
      } catch {
        return [];
      }
    }
    const s = document.getSelection();
    return (a as HTMLElement | null)?.isContentEditable && s ? [s.anchorNode, s.anchorOffset, s.focusNode, s.focusOffset] : [];
  };
  const caretBefore = caret();
  const activeBefore = deepActive();
  const clicked = path.find((n): n is Element => n instanceof Element);
  const onFocus = (e: Event) => {
    const to = e.composedPath()[0];
    if (!(to instanceof Element)) return;
    // The browser focuses a clicked button or link itself: only focus going into a field, or
    // somewhere the click did not land (a dialog the app opened), is the page's answer.
    const incidental = !!clicked && (to === clicked || to.contains(clicked) || clicked.contains(to));
    if (editable(to) || !incidental) say('focus moved');
  };
  const listeners: [string, (e: Event) => void][] = [
    ['input', () => say('a value changed')],
    // Leaving an edited field fires its `change` on the click's mousedown: the browser's, not an answer.
    ['change', (e) => void (e.composedPath()[0] !== activeBefore && say('a value changed'))],
    ['toggle', () => say('something opened or closed')],
    ['scroll', () => say('the page scrolled')],
    ['focusin', onFocus],
  ];
  for (const [type, fn] of listeners) window.addEventListener(type, fn, true);
  const stop = () => {
    clearTimeout(expiry);
    if (store[slot] === watch) store[slot] = undefined;
    observer.disconnect();
    for (const [type, fn] of listeners) window.removeEventListener(type, fn, true);
  };
  const expiry = setTimeout(stop, 15_000);
  // What changed that was not an answer, in words (AnswerWatch.take).
  const aside = () => {
    const part = ownPart && `${ownPart} changed, as it keeps doing on its own`;
    if (part && earlier) return `only ${part}, and what an earlier step set off`;
    if (part) return `only ${part}`;
    return earlier ? 'only what an earlier step set off changed' : undefined;
  };
  const watch: AnswerWatch = {
    token,
    inputRequests: () => own?.requestsSince(input),
    take(otherwise, end = false) {
      const seen = watch.read(false) ?? otherwise;
      if (end || seen !== undefined) stop();
      return { answer: seen, aside: aside() };
    },
    read(end) {
      judge(observer.takeRecords());
      const active = deepActive();
      if (active !== activeBefore && editable(active)) say('focus moved');
      // The caret in the field that had focus all along (focus leaving it takes its caret along).
      const now = active === activeBefore ? caret() : caretBefore;
      if (now.length !== caretBefore.length || now.some((v, i) => v !== caretBefore[i])) say('the caret moved');
      if (end) stop();
      return answer;
    },
  };
  store[slot] = watch;
  return watch;
}
