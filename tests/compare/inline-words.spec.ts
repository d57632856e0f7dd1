import { expect, test } from '@playwright/test';
import { pageShape } from '../../src/compare/dom-similarity.js';

// A word is what reads as one: text on either side of an inline element with no space between
// is one word; a block or a line break between them makes two.

test('a word split by inline markup (a highlighted match, a bold syllable) reads as one word; blocks and spaces still part words', () => {
  const words = (body: string) => pageShape(`<html><body>${body}</body></html>`).words;
  expect(words('<ul><li><mark>Lis</mark>bon</li><li>Lon<b>don</b> <i>Paris</i></li></ul>')).toEqual(['lisbon', 'london', 'paris']);
  expect(words('<p>Ber</p><p>lin</p>')).toEqual(['ber', 'lin']);
  expect(words('<p>Ber<br>lin</p>')).toEqual(['ber', 'lin']);
  expect(words('<p>Ber <span>lin</span></p>')).toEqual(['ber', 'lin']);
  expect(words('<p>Ber</p>\n<span>lin</span>')).toEqual(['ber', 'lin']);
  // Two sibling elements are laid out as the page's CSS says (a status and a link in a footer bar): not joined.
  expect(words('<footer><span>1 item left</span><a href="#/completed">Completed</a></footer>')).toEqual(['1', 'item', 'left', 'completed']);
  // A DOM dump without attributes (Mind2Web's) dropped the white space between text nodes: nothing is joined there.
  expect(pageShape('<li><mark>Lis</mark>bon</li>', { attributes: false }).words).toEqual(['lis', 'bon']);
  // The same word whichever way it is marked up: a recording that highlighted what was typed and a page that did not.
  expect(words('<li><mark>Lis</mark>bon</li>')).toEqual(words('<li>Lisbon</li>'));
});

test("a control's name reads its words the same way: a highlighted suggestion is the option it names", () => {
  const names = (body: string) => pageShape(`<html><body>${body}</body></html>`).controls.map((c) => [c.role, c.name]);
  expect(names('<ul role="listbox"><li role="option"><mark>Lis</mark>bon</li></ul>')).toEqual(
    names('<ul role="listbox"><li role="option">Lisbon</li></ul>'),
  );
});
