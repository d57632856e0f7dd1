import { Parser } from 'htmlparser2';
import { controlSimilarity } from './control-similarity.js';
import { maskDigits, normaliseText } from './normalise-text.js';
import { ControlCollector, controlRole, NAMED_BY_CONTENT, type Control } from './page-controls.js';
import { multiset, textSimilarity } from './visible-text.js';

// Elements a person never reads on the page.
const HIDDEN = new Set(['script', 'style', 'noscript', 'template', 'head', 'svg']);
const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
// Attributes that say what an element is for; everything else (classes, styles, generated ids,
// timestamps, framework data-*) changes between builds without the page changing.
const STABLE_ATTRS = ['role', 'type', 'name', 'href', 'aria-label', 'placeholder', 'data-testid', 'for', 'alt', 'title'];

const WORDLIKE = /[\p{L}\p{N}]/u;
/** Up to this many words, a control's content is its name (compared as a control), not prose. */
const SHORT_NAME_WORDS = 4;
/**
 * Elements that flow inside a line: text on either side of one, with no space between, reads as
 * one word (`<mark>Lis</mark>bon` is "Lisbon", as a suggestion list highlights what was typed).
 */
const INLINE = new Set([
  'a',
  'abbr',
  'b',
  'bdi',
  'bdo',
  'cite',
  'code',
  'data',
  'del',
  'dfn',
  'em',
  'font',
  'i',
  'ins',
  'kbd',
  'label',
  'mark',
  'q',
  's',
  'samp',
  'small',
  'span',
  'strong',
  'sub',
  'sup',
  'time',
  'u',
  'var',
]);
// Page chrome: what frames every page of a site (landmarks, small print, ads, cookie banners).
const CHROME_TAGS = new Set(['nav', 'aside', 'small']);
const CHROME_ROLES = new Set(['banner', 'contentinfo', 'navigation', 'complementary']);
const CHROME_CLASS = /(?:^|[\s_-])(?:ads?|advert\w*|sponsor\w*|cookies?|consent|promo\w*|credits?|copyright)(?:$|[\s_-])/i;
// A header/footer inside these is part of the content (a card's footer, a list's counter bar).
const SECTIONING = new Set(['article', 'aside', 'main', 'nav', 'section']);
// A status code only counts with an error word or alone: "Inbox (503)" is a counter, not an error.
const ERROR_PAGE =
  /^(?:error )?[45]\d\d$|\b[45]\d\d\b.*\b(?:error|not found|forbidden|unauthori[sz]ed|bad request|bad gateway|service unavailable)\b|\b(?:error|http) [45]\d\d\b|\bpage not found\b|\bnot found$|\binternal server error\b|\baccess denied\b|\bsomething went wrong\b/;
// Dialogs kept in the page but not shown (aria-hidden, a hiding class) are not open.
const HIDING_CLASS = /(?:^|\s)(?:hidden|d-none|invisible|is-hidden|sr-only)(?:$|\s)/;

/** Mind2Web's raw_html (every node carries `backend_node_id`) keeps only some attributes of each element. */
export const keepsAttributes = (html: string): boolean => !/\sbackend_node_id=/.test(html.slice(0, 4000));

export interface PageShape {
  /** Readable words, normalised (normaliseText). */
  words: string[];
  /** The words outside page chrome (header/footer landmarks, nav, aside, small print, ads). */
  mainWords: string[];
  /**
   * The controls outside page chrome named by their content in a few words (a button's "Next",
   * a dot's "View slide 5"; none for an icon), with those words of mainWords: what
   * sparedNames sets aside. A control holding more (a link that is an article's title) is not
   * among them.
   */
  shortNamed: { role: string; words: string[] }[];
  /** One signature per element: its parent's tag, its tag and its stable attributes. */
  elements: string[];
  /** What a person acts on: role, name, label and container text of each interactive element. */
  controls: Control[];
  /** Open dialogs (`<dialog open>`, role dialog/alertdialog) on the page. */
  dialogs: number;
  /** The title or main heading reads like an error page (404, server error, access denied…). */
  errorPage: boolean;
  /** Read with attributes (roles, names, hrefs): false for recordings that dropped them. */
  attributes: boolean;
}

/**
 * Reads an HTML page (recorded or live) into what is compared between them — its visible
 * words (all, and outside page chrome), its element structure and its controls — in one
 * streaming pass, without a browser. Elements at masked paths (learned by `--calibrate`:
 * clocks, counters), hidden elements and Playwright's recorder overlay (`x-pw-*`) are left out.
 */
export interface ShapeOptions {
  /** Element paths (`html > body:nth-child(2) > …`, learned by `--calibrate`) to leave out. */
  masked?: readonly string[];
  /** Sign elements by their stable attributes too (default); off for recordings that dropped them. */
  attributes?: boolean;
  /**
   * Text either side of inline markup with no space between is one word (INLINE). Off where
   * `attributes` is: a DOM dump that dropped attributes (Mind2Web's) also dropped the white space
   * between text nodes, so no word can be told apart from two there.
   */
  inlineWords?: boolean;
}

export function pageShape(html: string, options: ShapeOptions = {}): PageShape {
  const masked = options.masked ?? [];
  const withAttributes = options.attributes ?? true;
  const inlineWords = options.inlineWords ?? withAttributes;
  const words: string[] = [];
  const mainWords: string[] = [];
  const shortNamed: PageShape['shortNamed'] = [];
  // The outermost control named by its content that is open, and its main words so far: at its
  // close it joins shortNamed when they are only a short name.
  let naming: { depth: number; role: string; words: string[] } | undefined;
  const elements: string[] = [];
  const stack: string[] = [];
  const collector = new ControlCollector();
  // Element paths as `html > body:nth-child(2) > …`, the form `--calibrate` learns masks in.
  const open: { name: string; path: string; children: number; skipped: boolean; chrome: boolean; sectioning: boolean }[] = [];
  const maskSet = new Set(masked);
  let top = 0;
  let skippedDepth = 0;
  let chromeDepth = 0;
  let sectioningDepth = 0;
  let dialogs = 0;
  let headline = '';
  let inHeadline = 0;
  // The last text read ended inside a word, with only inline elements since: the next text's first word continues it.
  let glue = false;
  let closedSince = false;
  let lastInMain = false;
  const parser = new Parser(
    {
      onopentag(name, attribs) {
        // Into an element after leaving one: two sibling elements, laid out as the page's CSS says.
        if (!INLINE.has(name) || closedSince) glue = false;
        const parent = open.at(-1);
        const path = parent ? `${parent.path} > ${name}:nth-child(${++parent.children})` : top++ === 0 ? name : `${name}:nth-child(${top})`;
        const skipped =
          HIDDEN.has(name) ||
          name.startsWith('x-pw-') ||
          attribs.hidden !== undefined ||
          /display\s*:\s*none/i.test(attribs.style ?? '') ||
          (maskSet.size > 0 && maskSet.has(path));
        const role = attribs.role?.trim();
        const chrome =
          CHROME_TAGS.has(name) ||
          (role !== undefined && CHROME_ROLES.has(role)) ||
          ((name === 'header' || name === 'footer') && sectioningDepth === 0) ||
          CHROME_CLASS.test(`${attribs.class ?? ''} ${attribs.id ?? ''}`);
        if (skipped) skippedDepth++;
        if (chrome) chromeDepth++;
        if (name === 'title' || name === 'h1') inHeadline++;
        const visible = skippedDepth === 0;
        if (visible) {
          const attrs = withAttributes
            ? STABLE_ATTRS.filter((a) => attribs[a] !== undefined).map((a) => `${a}=${stableValue(a, attribs[a]!)}`)
            : [];
          const id = withAttributes && attribs.id && !/\d/.test(attribs.id) ? `#${attribs.id}` : '';
          elements.push(`${stack.at(-1) ?? ''}>${name}${id}${attrs.length ? `[${attrs.join(',')}]` : ''}`);
          const shown = attribs['aria-hidden'] !== 'true' && !HIDING_CLASS.test(attribs.class ?? '');
          if (
            shown &&
            ((name === 'dialog' && attribs.open !== undefined) || (name !== 'dialog' && (role === 'dialog' || role === 'alertdialog')))
          )
            dialogs++;
          collector.onOpen(name, attribs, chromeDepth > 0, VOID.has(name));
          const acted = controlRole(name, attribs);
          if (!naming && !VOID.has(name) && chromeDepth === 0 && acted && NAMED_BY_CONTENT.has(acted))
            naming = { depth: open.length, role: acted, words: [] };
        }
        const sectioning = SECTIONING.has(name);
        if (sectioning) sectioningDepth++;
        if (!VOID.has(name)) {
          stack.push(name);
          open.push({ name, path, children: 0, skipped, chrome, sectioning });
        } else {
          if (skipped) skippedDepth--;
          if (chrome) chromeDepth--;
          if (sectioning) sectioningDepth--;
        }
      },
      onclosetag(name) {
        if (!INLINE.has(name)) glue = false;
        closedSince = true;
        if ((name === 'title' || name === 'h1') && inHeadline > 0) {
          inHeadline--;
          headline += '\u0000';
        }
        if (!VOID.has(name) && stack.at(-1) === name) {
          stack.pop();
          const closed = open.pop();
          if (closed?.skipped) skippedDepth--;
          else if (skippedDepth === 0) collector.onClose(name);
          if (naming && open.length <= naming.depth) {
            if (naming.words.length <= SHORT_NAME_WORDS) shortNamed.push({ role: naming.role, words: naming.words });
            naming = undefined;
          }
          if (closed?.chrome) chromeDepth--;
          if (closed?.sectioning) sectioningDepth--;
        }
      },
      ontext(raw) {
        // The title is in <head>, which is never read as page text: kept only to spot error pages.
        if (inHeadline > 0 && headline.length < 300) headline += raw;
        if (skippedDepth > 0) return;
        if (!/\S/.test(raw)) {
          if (raw) glue = false;
          return;
        }
        const text = normaliseText(raw);
        const continues = inlineWords && glue && !/^\s/.test(raw);
        // Icons are names too (a ✖ button), though not words.
        collector.onText(text, continues);
        closedSince = false;
        glue = WORDLIKE.test(text) && !/\s$/.test(raw);
        if (!WORDLIKE.test(text)) return;
        // Words only: a dash or a bullet is typography, and some recordings drop it.
        text.split(' ').forEach((w, i) => {
          if (!WORDLIKE.test(w)) return;
          if (i === 0 && continues && words.length) {
            words[words.length - 1] += w;
            if (lastInMain && chromeDepth === 0) {
              mainWords[mainWords.length - 1] += w;
              if (naming?.words.length) naming.words[naming.words.length - 1] += w;
            }
            return;
          }
          words.push(w);
          lastInMain = chromeDepth === 0;
          if (lastInMain) {
            mainWords.push(w);
            naming?.words.push(w);
          }
        });
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.write(html);
  parser.end();
  if (naming && naming.words.length <= SHORT_NAME_WORDS) shortNamed.push({ role: naming.role, words: naming.words });
  return {
    words,
    mainWords,
    shortNamed,
    elements,
    controls: collector.controls(),
    dialogs,
    attributes: withAttributes,
    errorPage: headline.split('\u0000').some((h) => ERROR_PAGE.test(normaliseText(h))),
  };
}

/**
 * The words a final page is judged by: outside page chrome (a rebuilt footer's credits say
 * nothing about what the episode created), all of them when the page is only chrome.
 */
export function contentWords(html: string): string[] {
  const shape = pageShape(html, { attributes: keepsAttributes(html) });
  return shape.mainWords.length ? shape.mainWords : shape.words;
}

/** Query strings and digits in values are as volatile as timestamps. */
function stableValue(attr: string, value: string): string {
  const v = attr === 'href' ? value.split(/[?#]/)[0]! : value;
  return v.replace(/\d+/g, '0').slice(0, 80);
}

export interface DomSimilarity {
  /** All visible words. */
  textSimilarity: number;
  /** Markup: tags and stable attributes (changes with every rebuild of the same page). */
  structureSimilarity: number;
  /** Words outside page chrome, numbers as one token: the content a step works on. */
  mainTextSimilarity: number;
  /** Controls outside page chrome by role and name: what a person can act on (not for recordings without attributes). */
  controlSimilarity?: number;
}

export function domSimilarity(recorded: PageShape, live: PageShape): DomSimilarity {
  const acts = (p: PageShape) => p.controls.filter((c) => !c.chrome);
  // Without attributes (Mind2Web) a link has no href and a control no label: no roles to compare.
  const controls =
    recorded.attributes && recorded.controls.length ? controlSimilarity(acts(recorded), acts(live), (c) => controlKey(c.name)) : undefined;
  const digitsMasked = (words: readonly string[]) => words.map(maskDigits);
  // Where controls are compared, the names of controls one page has and the other has not at
  // all are theirs to judge: a carousel whose dots went from buttons reading "View slide 1"…
  // (hidden by CSS) to unnamed list items differs in controls, not in the content a person
  // reads. A control renamed (the same number of them) still changes the content.
  const spared =
    controls === undefined ? undefined : { a: digitsMasked(sparedNames(recorded, live)), b: digitsMasked(sparedNames(live, recorded)) };
  const mainTextSimilarity = textSimilarity(digitsMasked(recorded.mainWords), digitsMasked(live.mainWords), spared);
  return {
    textSimilarity: textSimilarity(recorded.words, live.words),
    structureSimilarity: textSimilarity(recorded.elements, live.elements),
    mainTextSimilarity,
    controlSimilarity: controls,
  };
}

/**
 * The words of the short-named controls `page` has beyond `other`'s: per role, as many as it
 * has more of them, those whose names `other` has no control of, the last first (a list of
 * dots, an added toolbar). A control both have, or one renamed, spares nothing.
 */
function sparedNames(page: PageShape, other: PageShape): string[] {
  const key = (c: { words: string[] }) => c.words.map(maskDigits).join(' ');
  const otherNames = multiset(other.shortNamed.map(key));
  const excess = multiset(page.shortNamed.map((c) => c.role));
  for (const c of other.shortNamed) excess.set(c.role, (excess.get(c.role) ?? 0) - 1);
  const spared: string[] = [];
  for (const c of [...page.shortNamed].reverse()) {
    const left = excess.get(c.role) ?? 0;
    if (left <= 0) continue;
    const named = otherNames.get(key(c)) ?? 0;
    if (named > 0) {
      otherNames.set(key(c), named - 1);
      continue;
    }
    excess.set(c.role, left - 1);
    spared.push(...c.words);
  }
  return spared;
}

/**
 * A control's name as pages are compared by: digits masked, punctuation left out of a name with
 * words ("Search..." is "search"; a "×" or "+" button keeps its glyph), cut short.
 */
function controlKey(name: string): string {
  const masked = maskDigits(name);
  const key = WORDLIKE.test(masked)
    ? masked
        .replace(/[^\p{L}\p{N}\p{So}\s]+/gu, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : masked;
  return key.slice(0, 80);
}
