import { expect, test } from '@playwright/test';
import { domSimilarity, pageShape } from '../../src/compare/dom-similarity.js';
import { namesMatch, normaliseText } from '../../src/compare/normalise-text.js';
import { countTarget, targetQuery } from '../../src/compare/target-presence.js';
import { DEFAULT_COMPARE_THRESHOLDS as T } from '../../src/compare/thresholds.js';
import { judge } from '../../src/compare/verdict.js';
import type { Target } from '../../src/ir/index.js';

const bySelector = (selector: string): Target => ({ locate: [{ kind: 'selector', selector }] });

test('names are compared after normalisation: look-alike glyphs, zero-width and bidi characters, NFKC, case', () => {
  for (const [recorded, live] of [
    ['✖', '×'],
    ['✕', '╳'],
    ['✗', '✖\uFE0F'],
    ['POST /loans Lend a book', 'post \u200B/loans lend a book'],
    ['Search', 'Ｓｅａｒｃｈ'],
    ['Save', '\u202ASave\u202C'],
    ['Next ›', 'next  >'],
  ]) {
    expect(namesMatch(recorded!, live!), `${recorded} ~ ${live}`).toBe(true);
  }
  expect(normaliseText('  Sea\u200Brch\u00A0NOW ')).toBe('search now');
  expect(namesMatch('Delete', 'Edit')).toBe(false);
  expect(namesMatch('Save', 'Save draft', true)).toBe(false);
});

test('a delete button written with another glyph, or a name with a zero-width space, is the recorded target', () => {
  const recorded = pageShape('<ul><li>Buy milk <button class="destroy">✖</button></li><li>Walk dog <button>✖</button></li></ul>');
  const live = pageShape('<ul><li>Buy milk <button class="x">×</button></li><li>Walk dog <button>×</button></li></ul>');
  const q = targetQuery(bySelector('internal:role=listitem >> internal:has-text="Buy milk"i >> internal:role=button[name="✖"i]'))!;
  expect(countTarget(q, recorded)).toBe(1);
  expect(countTarget(q, live)).toBe(1);
  const api = targetQuery(bySelector('internal:role=button[name="POST /loans Lend a book"i]'))!;
  expect(countTarget(api, pageShape('<div><button>POST /loans Lend a book</button></div>'))).toBe(1);
  expect(countTarget(api, pageShape('<div><button>post \u200B/loans <span>Lend a book</span></button></div>'))).toBe(1);
});

test("the target's row: found only where the row its selector names is; gone from both pages is no evidence", () => {
  const q = targetQuery(bySelector('internal:role=listitem >> internal:has-text="Buy milk"i >> internal:role=button[name="Delete"i]'))!;
  const withRow = pageShape('<ul><li>Buy milk <button>Delete</button></li><li>Walk dog <button>Delete</button></li></ul>');
  const withoutRow = pageShape('<ul><li>Walk dog <button>Delete</button></li></ul>');
  expect(countTarget(q, withRow)).toBe(1);
  expect(countTarget(q, withoutRow)).toBe(0);
  // The label of a text box, by <label for>, a wrapping label or aria-label.
  const field = targetQuery(bySelector('internal:label="Title or author"i'))!;
  for (const html of [
    '<label for="q">Title or author</label><input id="q">',
    '<label>Title or author <input></label>',
    '<input aria-label="Title or author">',
  ]) {
    expect(countTarget(field, pageShape(html)), html).toBe(1);
  }
  expect(countTarget(field, pageShape('<label for="x">Title</label><input id="q">'))).toBe(0);
});

test('page chrome: body-level header/footer, nav, aside, small print and ad/cookie blocks are chrome; a footer inside a section is content', () => {
  const shape = pageShape(`<body><header>Brand</header><nav><a href="/">Home</a></nav><main><h1>Todos</h1>
    <section class="todoapp"><ul><li>Buy milk</li></ul><footer class="footer"><span>1 item left</span><a href="#/completed">Completed</a></footer></section>
    <small>Terms</small><div class="ad-slot">Buy now</div></main><aside>Related</aside><footer class="info">Created by petehunt</footer></body>`);
  expect(shape.mainWords).toEqual(['todos', 'buy', 'milk', '1', 'item', 'left', 'completed']);
  expect(shape.controls.map((c) => [c.role, c.name, c.chrome])).toEqual([
    ['link', 'home', true],
    ['link', 'completed', false],
  ]);
});

test('the recorder overlay and hidden elements are not read', () => {
  const page = '<body><p>Hello</p><button hidden>Secret</button><div style="display: none">gone</div></body>';
  const withOverlay = page
    .replace(
      '</body>',
      '<x-pw-glass popover="manual" style="inset:0"><x-pw-tools-list><x-pw-tool-item>Record</x-pw-tool-item></x-pw-tools-list></x-pw-glass></body>',
    )
    .replace('<body>', '<body data-pw-cursor="pointer">');
  expect(domSimilarity(pageShape(page), pageShape(withOverlay))).toEqual({
    textSimilarity: 1,
    structureSimilarity: 1,
    mainTextSimilarity: 1,
    controlSimilarity: undefined,
  });
  expect(pageShape(withOverlay).words).toEqual(['hello']);
});

test('a dialog or an error page the recording did not have is evidence; counters are not', () => {
  const base =
    '<html><head><title>Orders</title></head><body><main><h1>Orders</h1><p>3 orders today</p><button>New order</button></main></body></html>';
  expect(
    pageShape(base.replace('</main>', '</main><div role="dialog" aria-modal="true"><p>Session expired</p><button>Sign in</button></div>'))
      .dialogs,
  ).toBe(1);
  expect(pageShape(base).dialogs).toBe(0);
  expect(pageShape(base.replace(/Orders/g, '404 Not Found')).errorPage).toBe(true);
  expect(pageShape(base).errorPage).toBe(false);
  // A counter that moved is the same content.
  const s = domSimilarity(pageShape(base), pageShape(base.replace('3 orders', '17 orders')));
  expect(s.mainTextSimilarity).toBe(1);
  expect(s.textSimilarity).toBeLessThan(1);
});

test('verdicts: chrome-only or markup-only change drifts; content, controls, target, dialog or error page diverge', () => {
  expect(judge({ textSimilarity: 0.5, mainTextSimilarity: 1, controlSimilarity: 1, structureSimilarity: 0.5 }, T)).toEqual({
    verdict: 'drift',
    reasons: ['content-drift', 'element-moved'],
  });
  expect(judge({ textSimilarity: 0.9, mainTextSimilarity: 0.7, controlSimilarity: 1, structureSimilarity: 1 }, T)).toEqual({
    verdict: 'diverged',
    reasons: ['content-drift'],
  });
  expect(judge({ textSimilarity: 1, mainTextSimilarity: 1, controlSimilarity: 0.5, structureSimilarity: 0.9 }, T)).toEqual({
    verdict: 'diverged',
    reasons: ['element-moved'],
  });
  expect(
    judge({ textSimilarity: 0.99, mainTextSimilarity: 0.99, controlSimilarity: 1, structureSimilarity: 1, targetMissing: true }, T),
  ).toEqual({ verdict: 'diverged', reasons: ['target-missing'] });
  expect(judge({ textSimilarity: 1, unexpectedDialog: true }, T)).toEqual({ verdict: 'diverged', reasons: ['unexpected-dialog'] });
  expect(judge({ textSimilarity: 1, errorPage: true }, T)).toEqual({ verdict: 'diverged', reasons: ['error-page'] });
});

test('a recorded button is there as a link of its name (a release that made its sort buttons links), not as a field of its name', () => {
  const q = targetQuery(bySelector('internal:role=button[name="Population"i]'))!;
  expect(countTarget(q, pageShape('<th><a href="#">Population</a></th>'))).toBe(1);
  expect(countTarget(q, pageShape('<th><a href="#">Country</a></th>'))).toBe(0);
  expect(countTarget(q, pageShape('<input aria-label="Population">'))).toBe(0);
  // A searchbox recorded is there as a textbox of its name (a kind of it).
  const search = targetQuery(bySelector('internal:role=searchbox[name="Interests"i]'))!;
  expect(countTarget(search, pageShape('<input type="text" aria-label="Interests">'))).toBe(1);
});

test("a control's short name is compared as a control, once: carousel dots whose hidden text became labels drift, changed prose diverges", () => {
  const slides = ['Porto', 'Seville', 'Lisbon']
    .map((c) => `<div class="cell"><span>${c}</span><button>Choose ${c}</button></div>`)
    .join('');
  // Flickity 3.0.0's dots are buttons whose text ("View slide 1") CSS moves off-screen; 2.3.0's are list items labelled "Page dot 1".
  const recorded = `<main><h2>Weekend trips</h2>${slides}<button aria-label="Previous">‹</button><button aria-label="Next">›</button>
    <div>${[1, 2, 3].map((n) => `<button class="flickity-page-dot">View slide ${n}</button>`).join('')}</div><p>Trip: none</p></main>`;
  const older = recorded.replace(
    /<button class="flickity-page-dot">View slide (\d)<\/button>/g,
    '<li class="dot" aria-label="Page dot $1"></li>',
  );
  const moved = domSimilarity(pageShape(recorded), pageShape(older));
  expect(moved.mainTextSimilarity).toBe(1);
  expect(moved.textSimilarity).toBeLessThan(T.textDiverged);
  expect(judge({ ...moved, pixelRatio: 0 }, T).verdict).toBe('drift');
  // The same words as options on one release and plain items on another read the same (Choices.js 11 and 10).
  const options = (tag: string) =>
    `<main><div role="listbox">${['Berlin', 'London', 'Paris'].map((c) => `<${tag}>${c}</${tag.split(' ')[0]}>`).join('')}</div></main>`;
  expect(domSimilarity(pageShape(options('div role="option"')), pageShape(options('div'))).mainTextSimilarity).toBe(1);
  // The words a person reads still decide: other cities on the slides diverge.
  const otherTrips = recorded.replace(/Porto|Seville|Lisbon/g, (c) => ({ Porto: 'Oslo', Seville: 'Bergen', Lisbon: 'Tromso' })[c]!);
  expect(judge({ ...domSimilarity(pageShape(recorded), pageShape(otherTrips)), pixelRatio: 0 }, T).verdict).toBe('diverged');
  // A link that holds more than a name (an article's title) is content too.
  const titles = (t: string[]) => `<main>${t.map((x) => `<a href="/a">${x}</a>`).join('')}<p>Latest stories</p></main>`;
  const stories = domSimilarity(
    pageShape(titles(['Harbour bridge reopens after two years', 'City council votes on the new tram line'])),
    pageShape(titles(['Storm closes mountain passes overnight', 'Museum returns a painting to its owners'])),
  );
  expect(stories.mainTextSimilarity).toBeLessThan(T.textDiverged);
  // Without attributes (Mind2Web) there are no controls to compare: every word stays content.
  const bare = (t: string) =>
    `<div backend_node_id="1"><button backend_node_id="2">${t}</button><p backend_node_id="3">Trip none</p></div>`;
  expect(
    domSimilarity(pageShape(bare('View slide 1'), { attributes: false }), pageShape(bare('Page dot'), { attributes: false }))
      .mainTextSimilarity,
  ).toBeLessThan(1);
});
