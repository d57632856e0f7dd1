import { expect, test } from '@playwright/test';
import { parsePwCode, PwCodeError } from '../../src/formats/vwa/pw-code.js';
import { parsePython, parsePythonWhole, pyLiteral, readPyString } from '../../src/formats/vwa/python.js';

/** The chain's target and the final call's name and literal arguments. */
function read(code: string) {
  const out = parsePwCode(code);
  return { target: out.target, action: out.action.name, args: out.action.args.map((a) => pyLiteral(a)) };
}

test.describe('pw_code chains', () => {
  test('get_by_role with a name: selector first, then the getByRole form', () => {
    expect(read('page.get_by_role("button", name="Search").click()')).toEqual({
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:role=button[name="Search"i]' },
          { kind: 'role', role: 'button', name: 'Search', exact: false },
        ],
        description: 'button "Search"',
      },
      action: 'click',
      args: [],
    });
    expect(read("page.get_by_role('link', name='Sign in', exact=True).click()").target).toEqual({
      locate: [
        { kind: 'selector', selector: 'internal:role=link[name="Sign in"s]' },
        { kind: 'role', role: 'link', name: 'Sign in', exact: true },
      ],
      description: 'link "Sign in"',
    });
  });

  test("role options in Playwright's order", () => {
    expect(read('page.get_by_role("heading", name="Results", level=2).hover()').target).toEqual({
      locate: [{ kind: 'selector', selector: 'internal:role=heading[level=2][name="Results"i]' }],
      description: 'heading "Results"',
    });
    expect(read('page.get_by_role("checkbox", checked=False, include_hidden=True).check()').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:role=checkbox[checked=false][include-hidden=true]' },
    ]);
  });

  test('every get_by_* method', () => {
    expect(read('page.get_by_text("Sort by").click()').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:text="Sort by"i' },
      { kind: 'text', text: 'Sort by', exact: false },
    ]);
    expect(read('page.get_by_label("Email", exact=True).fill("a@b.c")')).toEqual({
      target: {
        locate: [
          { kind: 'selector', selector: 'internal:label="Email"s' },
          { kind: 'label', text: 'Email', exact: true },
        ],
        description: 'field labelled "Email"',
      },
      action: 'fill',
      args: ['a@b.c'],
    });
    expect(read('page.get_by_placeholder("Search").type("civic")').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:attr=[placeholder="Search"i]' },
      { kind: 'placeholder', text: 'Search', exact: false },
    ]);
    expect(read('page.get_by_alt_text("logo").click()').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:attr=[alt="logo"i]' },
      { kind: 'alt', text: 'logo', exact: false },
    ]);
    expect(read('page.get_by_title("Close").click()').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:attr=[title="Close"i]' },
      { kind: 'title', text: 'Close', exact: false },
    ]);
    expect(read('page.get_by_test_id("submit-order").click()').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:testid=[data-testid="submit-order"s]' },
      { kind: 'testId', testId: 'submit-order' },
    ]);
  });

  test('chains with locator, nth, first, last, filter', () => {
    expect(read('page.locator("#results li").nth(2).get_by_role("link").first.click()').target).toEqual({
      locate: [{ kind: 'selector', selector: '#results li >> nth=2 >> internal:role=link >> nth=0' }],
      description: 'link',
    });
    expect(read('page.get_by_text("Sort by", exact=True).last.hover()').target).toEqual({
      locate: [{ kind: 'selector', selector: 'internal:text="Sort by"s >> nth=-1' }],
      description: 'text "Sort by"',
    });
    expect(read('page.locator("li.listing").filter(has_text="Honda", has=page.get_by_role("img")).first().click()').target).toEqual({
      locate: [{ kind: 'selector', selector: 'li.listing >> internal:has-text="Honda"i >> internal:has="internal:role=img" >> nth=0' }],
    });
    expect(read('page.locator("tr", has_not_text="Sold").filter(visible=True).nth(-1).click()').target!.locate).toEqual([
      { kind: 'selector', selector: 'tr >> internal:has-not-text="Sold"i >> visible=true >> nth=-1' },
    ]);
    expect(read('page.locator(page.get_by_role("row")).click()').target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:chain="internal:role=row"' },
    ]);
  });

  test('frame hops become framePath', () => {
    expect(read('page.frame_locator("iframe#checkout").get_by_placeholder("Card number").fill("4242 4242")')).toEqual({
      target: { locate: [{ kind: 'selector', selector: 'internal:attr=[placeholder="Card number"i]', framePath: ['iframe#checkout'] }] },
      action: 'fill',
      args: ['4242 4242'],
    });
    expect(
      read('page.locator("#wrap").frame_locator("iframe").locator("iframe.inner").content_frame.get_by_text("Pay").click()').target!.locate,
    ).toEqual([{ kind: 'selector', selector: 'internal:text="Pay"i', framePath: ['#wrap >> iframe', 'iframe.inner'] }]);
  });

  test('quotes and escapes are read as Python reads them', () => {
    expect(read('page.get_by_text("He said \\"hi\\"\\n").click()').target!.locate[1]).toEqual({
      kind: 'text',
      text: 'He said "hi"\n',
      exact: false,
    });
    expect(read("page.get_by_role('link', name='Women\\'s \"Classic\" Tee').click()").target!.locate).toEqual([
      { kind: 'selector', selector: 'internal:role=link[name="Women\'s \\"Classic\\" Tee"i]' },
      { kind: 'role', role: 'link', name: 'Women\'s "Classic" Tee', exact: false },
    ]);
    expect(read('page.get_by_label(r"C:\\new\\file").fill(u"caf\\u00e9 \\x41")')).toMatchObject({
      target: { locate: [{ selector: 'internal:label="C:\\\\new\\\\file"i' }, { text: 'C:\\new\\file' }] },
      args: ['café A'],
    });
    expect(read('page.get_by_text("a" \'b\').click()').target!.locate[1]).toEqual({ kind: 'text', text: 'ab', exact: false });
  });

  test('select_option arguments stay available', () => {
    expect(read('page.get_by_role("combobox").select_option(["blue", "red"])')).toMatchObject({
      action: 'select_option',
      args: [['blue', 'red']],
    });
  });

  test('code acting on the page has no target', () => {
    expect(parsePwCode('page.goto("http://localhost:7770/")').target).toBeUndefined();
  });

  test('malformed or unsupported code is refused with a reason, never run', () => {
    const reason = (code: string) => {
      try {
        parsePwCode(code);
        return 'accepted';
      } catch (e) {
        expect(e).toBeInstanceOf(PwCodeError);
        return (e as Error).message;
      }
    };
    expect(reason('get_by_role("button").click()')).toBe('must start with "page." (as VWA requires)');
    expect(reason('page.get_by_role("button", name="Search"')).toBe('not valid Python: expected "," or ")" before the end at offset 40');
    expect(reason('page.get_by_text("unterminated).click()')).toBe('not valid Python: unterminated string literal at offset 17');
    expect(reason('page.get_by_text(f"{x}").click()')).toBe(
      'not valid Python: f-strings are not supported (they would need evaluating) at offset 17',
    );
    expect(reason('page.get_by_role("button").click(); import os')).toBe(
      'not valid Python: unexpected text after the expression: "; import os" at offset 34',
    );
    expect(reason('page.get_by_role("button")')).toBe(
      '.get_by_role() is not an action VWA runs (click, dclick, dblclick, hover, fill, type, press_sequentially, press, check, uncheck, select_option, focus, clear, set_input_files, goto, scroll)',
    );
    expect(reason('page.locator("x").evaluate("document.cookie")')).toMatch(/^\.evaluate\(\) is not an action VWA runs/);
    expect(reason('page.get_by_role("button").wait_for().click()')).toMatch(/^\.wait_for\(\) is not a locator method VWA allows/);
    expect(reason('page.nth(1).click()')).toBe('a chain cannot start with .nth');
    expect(reason('page.get_by_text(re.compile("Sort", re.I)).click()')).toBe(
      '.get_by_text(): regular expressions (re.compile) are not supported',
    );
    expect(reason('page.get_by_role("button", nme="Search").click()')).toBe('.get_by_role(): unsupported keyword argument nme=');
    expect(reason('page.get_by_role(name="Search").click()')).toBe('.get_by_role() needs an argument');
    expect(reason('page.locator("a").nth("2").click()')).toBe('.nth() needs an integer index');
    expect(reason('page.get_by_role(x).click()')).toBe('.get_by_role(): expected a string literal');
    expect(reason('page.frame_locator("iframe").click()')).toBe('the chain ends on a frame, not an element');
    expect(reason('os.system("rm -rf /").click()')).toBe('must start with "page." (as VWA requires)');
    expect(reason('page.get_by_text("a", exact=1).click()')).toBe('.get_by_text() exact: expected True or False');
  });
});

test.describe('Python literals (repr of a VWA action)', () => {
  test("a render trace's action repr", () => {
    const repr =
      "{'action_type': <ActionTypes.HOVER: 8>, 'coords': array([0., 0.], dtype=float32), 'element_role': 31, 'element_name': '', 'text': [], 'nth': 0, 'element_id': '7', 'answer': None, 'ok': True, 'raw_prediction': \"it's \\\"quoted\\\"\\n\\u00e9\", 'n': -1.5e3, 't': (1, 2,)}";
    expect(pyLiteral(parsePythonWhole(repr))).toEqual({
      action_type: 8,
      coords: [0, 0],
      element_role: 31,
      element_name: '',
      text: [],
      nth: 0,
      element_id: '7',
      answer: null,
      ok: true,
      raw_prediction: 'it\'s "quoted"\né',
      n: -1500,
      t: [1, 2],
    });
  });

  test('parsePython stops at the end of the expression inside other text', () => {
    const html = "<pre>{'a': [1, 2]}</pre><div class='x'>";
    const { node, end } = parsePython(html, 5);
    expect(pyLiteral(node)).toEqual({ a: [1, 2] });
    expect(html.slice(end)).toBe("</pre><div class='x'>");
  });

  test('string literal forms', () => {
    expect(readPyString("'''a\nb'''", 0)).toEqual({ value: 'a\nb', end: 9 });
    expect(readPyString('"\\101\\d"', 0)).toEqual({ value: 'A\\d', end: 8 });
    expect(readPyString("rb'\\n'", 0)).toEqual({ value: '\\n', end: 6 });
    expect(() => readPyString('"\\xZZ"', 0)).toThrow('bad \\x escape at offset 1');
  });

  test('names and calls are not literals', () => {
    expect(() => pyLiteral(parsePythonWhole('{"a": os.system("x")}'))).toThrow('not a literal: a call to os.system at offset 6');
    expect(() => pyLiteral(parsePythonWhole('[x]'))).toThrow('not a literal: the name x at offset 1');
  });
});
