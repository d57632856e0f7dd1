import { describeTarget } from '../../ir/describe.js';
import type { Locate, Target } from '../../ir/target.js';
import { attrValue, describingLocate, textValue } from '../../selectors/index.js';
import { dottedName, parsePythonWhole, PySyntaxError, type PyNode } from './python.js';

/**
 * VisualWebArena's "playwright" action set: the agent writes Python Playwright code such as
 * `page.get_by_role("button", name="Search").click()`, and VWA runs the locator chain (every
 * call but the last) with getattr on `page`, never `eval`. This reads the same chain into a
 * Playwright selector (`internal:role=button[name="Search"i]`), the exact string the TS API
 * builds for the same calls, plus frame hops. Nothing is evaluated.
 */

/** The last call of the chain: the action, with its arguments still as syntax. */
export interface PwCall {
  name: string;
  args: PyNode[];
  kwargs: { name: string; value: PyNode }[];
}

export interface PwCode {
  /** The element the chain leads to; undefined when the code acts on `page` itself. */
  target?: Target;
  action: PwCall;
}

/** Methods VWA allows in the chain (`parse_playwright_code`), plus the Python properties that select. */
const GET_BY = new Set([
  'get_by_role',
  'get_by_text',
  'get_by_label',
  'get_by_placeholder',
  'get_by_alt_text',
  'get_by_title',
  'get_by_test_id',
]);
const CHAIN = new Set([...GET_BY, 'locator', 'frame_locator', 'filter', 'nth', 'first', 'last', 'content_frame']);

/** Final calls VWA's parser accepts (`dclick` sic), plus the other Locator actions of the same kind. */
const ACTIONS = new Set([
  'click',
  'dclick',
  'dblclick',
  'hover',
  'fill',
  'type',
  'press_sequentially',
  'press',
  'check',
  'uncheck',
  'select_option',
  'focus',
  'clear',
  'set_input_files',
  'goto',
  'scroll',
]);

/** A chain must start by finding something. */
const STARTS = new Set([...GET_BY, 'locator', 'frame_locator']);

const ROLE_OPTIONS = ['checked', 'disabled', 'selected', 'expanded', 'include_hidden', 'level', 'name', 'pressed'] as const;

export class PwCodeError extends Error {}

/** Parses `pw_code`; throws PwCodeError with a message fit for a Problem. */
export function parsePwCode(code: string): PwCode {
  const source = code.trim();
  if (!source.startsWith('page.')) throw new PwCodeError('must start with "page." (as VWA requires)');
  let root: PyNode;
  try {
    root = parsePythonWhole(source);
  } catch (e) {
    throw new PwCodeError(e instanceof PySyntaxError ? `not valid Python: ${e.message}` : String(e));
  }
  if (root.kind !== 'call' || root.callee.kind !== 'attr') throw new PwCodeError('must end with a method call, e.g. .click()');
  const action: PwCall = { name: root.callee.name, args: root.args, kwargs: root.kwargs };
  if (!ACTIONS.has(action.name)) throw new PwCodeError(`.${action.name}() is not an action VWA runs (${[...ACTIONS].join(', ')})`);
  const chain = root.callee.object;
  const built = buildChain(chain, true);
  const out: PwCode = { action };
  if (built.parts.length || built.framePath.length) {
    if (!built.parts.length) throw new PwCodeError('the chain ends on a frame, not an element');
    out.target = toTarget(built);
  }
  return out;
}

interface Built {
  parts: string[];
  framePath: string[];
  /** The one getBy* call, when the chain is nothing else (for a simple Locate). */
  simple?: Locate;
}

function buildChain(node: PyNode, allowFrames: boolean): Built {
  const segments = flatten(node);
  const built: Built = { parts: [], framePath: [] };
  if (segments.length && !STARTS.has(segments[0]!.name)) throw new PwCodeError(`a chain cannot start with .${segments[0]!.name}`);
  for (const seg of segments) {
    const where = `.${seg.name}${seg.call ? '()' : ''}`;
    if (!CHAIN.has(seg.name)) throw new PwCodeError(`${where} is not a locator method VWA allows (${[...CHAIN].join(', ')})`);
    const call = seg.call;
    const noArgs = () => {
      if (call && (call.args.length || call.kwargs.length)) throw new PwCodeError(`${where} takes no arguments`);
    };
    switch (seg.name) {
      case 'first':
        noArgs();
        built.parts.push('nth=0');
        break;
      case 'last':
        noArgs();
        built.parts.push('nth=-1');
        break;
      case 'nth': {
        const i = call ? positional(call, 0, where) : undefined;
        if (!i || i.kind !== 'num' || !Number.isInteger(i.value)) throw new PwCodeError(`${where} needs an integer index`);
        onlyKwargs(call!, [], where);
        built.parts.push(`nth=${i.value}`);
        break;
      }
      case 'content_frame':
      case 'frame_locator': {
        if (!allowFrames) throw new PwCodeError(`${where} cannot be used inside has=…`);
        if (seg.name === 'content_frame') {
          noArgs();
          if (!built.parts.length) throw new PwCodeError(`${where} needs a locator before it`);
          built.framePath.push(built.parts.join(' >> '));
        } else {
          if (!call) throw new PwCodeError(`${where} must be called`);
          onlyKwargs(call, [], where);
          built.framePath.push([...built.parts, str(positional(call, 0, where), where)].join(' >> '));
        }
        built.parts = [];
        break;
      }
      case 'locator': {
        if (!call) throw new PwCodeError(`${where} must be called`);
        onlyKwargs(call, ['has_text', 'has_not_text', 'has', 'has_not'], where);
        const arg = positional(call, 0, where);
        built.parts.push(arg?.kind === 'str' ? arg.value : `internal:chain=${JSON.stringify(nested(arg, where))}`);
        built.parts.push(...filters(call, where));
        break;
      }
      case 'filter':
        if (!call) throw new PwCodeError(`${where} must be called`);
        onlyKwargs(call, ['has_text', 'has_not_text', 'has', 'has_not', 'visible'], where);
        if (call.args.length) throw new PwCodeError(`${where} takes keyword arguments only`);
        built.parts.push(...filters(call, where));
        break;
      default: {
        if (!call) throw new PwCodeError(`${where} must be called`);
        const { selector, simple } = getBy(seg.name, call, where);
        built.parts.push(selector);
        if (simple && segments.length === 1) built.simple = simple;
      }
    }
  }
  return built;
}

interface Segment {
  name: string;
  call?: PwCall;
}

/** `page.a(x).b.c(y)` → [a(x), b, c(y)]; anything not rooted at `page` is refused. */
function flatten(node: PyNode): Segment[] {
  const out: Segment[] = [];
  let n = node;
  while (true) {
    if (n.kind === 'call' && n.callee.kind === 'attr') {
      out.unshift({ name: n.callee.name, call: { name: n.callee.name, args: n.args, kwargs: n.kwargs } });
      n = n.callee.object;
    } else if (n.kind === 'attr') {
      out.unshift({ name: n.name });
      n = n.object;
    } else if (n.kind === 'name' && n.name === 'page') {
      return out;
    } else {
      throw new PwCodeError('the locator chain must be a chain of calls on page');
    }
  }
}

function getBy(method: string, call: PwCall, where: string): { selector: string; simple?: Locate } {
  const first = positional(call, 0, where);
  if (call.args.length > 1) throw new PwCodeError(`${where} takes one positional argument`);
  if (method === 'get_by_role') {
    onlyKwargs(call, [...ROLE_OPTIONS, 'exact'], where);
    const role = str(first, where);
    const exact = bool(kwarg(call, 'exact'), `${where} exact`) ?? false;
    const props: string[] = [];
    for (const option of ROLE_OPTIONS) {
      const v = kwarg(call, option);
      if (!v) continue;
      if (option === 'name') props.push(`[name=${attrValue(str(v, `${where} name`), exact)}]`);
      else if (option === 'level') {
        if (v.kind !== 'num' || !Number.isInteger(v.value)) throw new PwCodeError(`${where} level must be an integer`);
        props.push(`[level=${v.value}]`);
      } else props.push(`[${option.replace('_', '-')}=${String(bool(v, `${where} ${option}`))}]`);
    }
    const nameNode = kwarg(call, 'name');
    const selector = `internal:role=${role}${props.join('')}`;
    const onlyName = call.kwargs.every((k) => k.name === 'name' || k.name === 'exact');
    const simple: Locate | undefined = onlyName
      ? { kind: 'role', role, ...(nameNode ? { name: str(nameNode, where), exact } : {}) }
      : undefined;
    return { selector, simple };
  }
  if (method === 'get_by_test_id') {
    onlyKwargs(call, [], where);
    const id = str(first, where);
    return { selector: `internal:testid=[data-testid=${attrValue(id, true)}]`, simple: { kind: 'testId', testId: id } };
  }
  onlyKwargs(call, ['exact'], where);
  const text = str(first, where);
  const exact = bool(kwarg(call, 'exact'), `${where} exact`) ?? false;
  switch (method) {
    case 'get_by_text':
      return { selector: `internal:text=${textValue(text, exact)}`, simple: { kind: 'text', text, exact } };
    case 'get_by_label':
      return { selector: `internal:label=${textValue(text, exact)}`, simple: { kind: 'label', text, exact } };
    case 'get_by_placeholder':
      return { selector: `internal:attr=[placeholder=${attrValue(text, exact)}]`, simple: { kind: 'placeholder', text, exact } };
    case 'get_by_alt_text':
      return { selector: `internal:attr=[alt=${attrValue(text, exact)}]`, simple: { kind: 'alt', text, exact } };
    default:
      return { selector: `internal:attr=[title=${attrValue(text, exact)}]`, simple: { kind: 'title', text, exact } };
  }
}

/** has_text / has_not_text / has / has_not / visible, in the order Playwright appends them. */
function filters(call: PwCall, where: string): string[] {
  const out: string[] = [];
  const hasText = kwarg(call, 'has_text');
  if (hasText) out.push(`internal:has-text=${textValue(str(hasText, `${where} has_text`), false)}`);
  const hasNotText = kwarg(call, 'has_not_text');
  if (hasNotText) out.push(`internal:has-not-text=${textValue(str(hasNotText, `${where} has_not_text`), false)}`);
  const has = kwarg(call, 'has');
  if (has) out.push(`internal:has=${JSON.stringify(nested(has, `${where} has`))}`);
  const hasNot = kwarg(call, 'has_not');
  if (hasNot) out.push(`internal:has-not=${JSON.stringify(nested(hasNot, `${where} has_not`))}`);
  const visible = kwarg(call, 'visible');
  if (visible) out.push(`visible=${String(bool(visible, `${where} visible`))}`);
  return out;
}

/** A locator given as an argument (`has=page.get_by_text("x")`): its selector. */
function nested(node: PyNode | undefined, where: string): string {
  if (!node) throw new PwCodeError(`${where} needs a selector or a locator`);
  const built = buildChain(node, false);
  if (!built.parts.length) throw new PwCodeError(`${where} needs a locator, got page`);
  return built.parts.join(' >> ');
}

function toTarget(built: Built): Target {
  const first: Locate = { kind: 'selector', selector: built.parts.join(' >> ') };
  if (built.framePath.length) first.framePath = built.framePath;
  const locate: Locate[] = [first];
  if (built.simple && !built.framePath.length) locate.push(built.simple);
  const named = built.simple ?? (built.framePath.length ? undefined : describingLocate(first.selector));
  const target: Target = { locate };
  if (named) target.description = describeTarget({ locate: [named] });
  return target;
}

function positional(call: PwCall, i: number, where: string): PyNode | undefined {
  const node = call.args[i];
  if (node === undefined && i === 0 && !['nth'].includes(call.name)) throw new PwCodeError(`${where} needs an argument`);
  return node;
}

function kwarg(call: PwCall, name: string): PyNode | undefined {
  return call.kwargs.find((k) => k.name === name)?.value;
}

function onlyKwargs(call: PwCall, allowed: readonly string[], where: string): void {
  const bad = call.kwargs.find((k) => !allowed.includes(k.name));
  if (bad) throw new PwCodeError(`${where}: unsupported keyword argument ${bad.name}=`);
}

function str(node: PyNode | undefined, where: string): string {
  if (node?.kind === 'str') return node.value;
  if (node?.kind === 'call' && dottedName(node.callee) === 're.compile')
    throw new PwCodeError(`${where}: regular expressions (re.compile) are not supported`);
  throw new PwCodeError(`${where}: expected a string literal`);
}

function bool(node: PyNode | undefined, where: string): boolean | undefined {
  if (node === undefined) return undefined;
  if (node.kind === 'const' && typeof node.value === 'boolean') return node.value;
  throw new PwCodeError(`${where}: expected True or False`);
}

/** Literal arguments of the final call, as data (strings, numbers, booleans, lists); undefined when not literal. */
export function literalArg(node: PyNode): unknown {
  switch (node.kind) {
    case 'str':
    case 'num':
    case 'const':
      return node.value;
    case 'list':
    case 'tuple': {
      const items = node.items.map(literalArg);
      return items.some((i) => i === undefined) ? undefined : items;
    }
    default:
      return undefined;
  }
}
