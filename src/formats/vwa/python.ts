/**
 * Just enough of Python's expression grammar to read what VisualWebArena writes: the
 * `repr()` of an action dict (render_*.html) and the Playwright code an agent emits in
 * `pw_code` (`page.get_by_role("button", name="Search").click()`). It builds a syntax tree and
 * never evaluates anything: callers interpret the tree they expect and reject the rest.
 */

export type PyNode =
  | { kind: 'str'; value: string; at: number }
  | { kind: 'num'; value: number; at: number }
  | { kind: 'const'; value: boolean | null; at: number }
  | { kind: 'name'; name: string; at: number }
  | { kind: 'list' | 'tuple'; items: PyNode[]; at: number }
  | { kind: 'dict'; entries: [PyNode, PyNode][]; at: number }
  | { kind: 'attr'; object: PyNode; name: string; at: number }
  | { kind: 'call'; callee: PyNode; args: PyNode[]; kwargs: { name: string; value: PyNode }[]; at: number }
  | { kind: 'subscript'; object: PyNode; index: PyNode; at: number }
  /** `<ActionTypes.CLICK: 6>`: how `repr()` prints an enum member. */
  | { kind: 'enum'; name: string; value: PyNode; at: number };

export class PySyntaxError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(`${message} at offset ${offset}`);
  }
}

type Token =
  | { t: 'str'; value: string; at: number; end: number }
  | { t: 'num'; value: number; at: number; end: number }
  | { t: 'name'; value: string; at: number; end: number }
  | { t: 'op'; value: string; at: number; end: number }
  | { t: 'eof'; at: number; end: number };

const SIMPLE_ESCAPES: Record<string, string> = {
  '\\': '\\',
  "'": "'",
  '"': '"',
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
  v: '\v',
  a: '\x07',
  '\n': '',
};

/**
 * A Python string literal starting at `at` (prefix letters included). Returns its value and
 * where it ends. Escapes follow Python: unknown ones keep their backslash, raw strings keep all.
 */
export function readPyString(src: string, at: number): { value: string; end: number } {
  let i = at;
  let prefix = '';
  while (i < src.length && /[rRuUbBfF]/.test(src[i]!) && prefix.length < 2) prefix += src[i++]!.toLowerCase();
  const quote = src[i];
  if (quote !== '"' && quote !== "'") throw new PySyntaxError('expected a string literal', at);
  if (prefix.includes('f')) throw new PySyntaxError('f-strings are not supported (they would need evaluating)', at);
  const raw = prefix.includes('r');
  const triple = src.startsWith(quote.repeat(3), i);
  const close = triple ? quote.repeat(3) : quote;
  i += close.length;
  let out = '';
  while (true) {
    if (i >= src.length) throw new PySyntaxError('unterminated string literal', at);
    if (src.startsWith(close, i)) return { value: out, end: i + close.length };
    const c = src[i]!;
    if (c === '\n' && !triple) throw new PySyntaxError('unterminated string literal (line break inside)', at);
    if (c !== '\\') {
      out += c;
      i++;
      continue;
    }
    const n = src[i + 1];
    if (n === undefined) throw new PySyntaxError('unterminated string literal', at);
    if (raw) {
      out += c + n;
      i += 2;
      continue;
    }
    if (n in SIMPLE_ESCAPES) {
      out += SIMPLE_ESCAPES[n];
      i += 2;
      continue;
    }
    const hex = n === 'x' ? 2 : n === 'u' ? 4 : n === 'U' ? 8 : 0;
    if (hex) {
      const digits = src.slice(i + 2, i + 2 + hex);
      if (!new RegExp(`^[0-9a-fA-F]{${hex}}$`).test(digits)) throw new PySyntaxError(`bad \\${n} escape`, i);
      const cp = parseInt(digits, 16);
      if (cp > 0x10ffff) throw new PySyntaxError(`\\${n} escape out of range`, i);
      out += String.fromCodePoint(cp);
      i += 2 + hex;
      continue;
    }
    const oct = /^[0-7]{1,3}/.exec(src.slice(i + 1, i + 4));
    if (oct) {
      out += String.fromCodePoint(parseInt(oct[0], 8));
      i += 1 + oct[0].length;
      continue;
    }
    if (n === 'N') throw new PySyntaxError('\\N{…} escapes are not supported', i);
    out += c + n; // Python keeps unknown escapes as written
    i += 2;
  }
}

/** Reads tokens on demand, so parsing a value embedded in a large file never scans past it. */
class Lexer {
  private readonly buffer: Token[] = [];
  private i: number;

  constructor(
    private readonly src: string,
    start: number,
  ) {
    this.i = start;
  }

  /** The token `n` ahead (0 = next). */
  peek(n = 0): Token {
    while (this.buffer.length <= n) this.buffer.push(this.read());
    return this.buffer[n]!;
  }

  next(): Token {
    const t = this.peek();
    this.buffer.shift();
    return t;
  }

  private read(): Token {
    const src = this.src;
    let i = this.i;
    while (i < src.length && (/\s/.test(src[i]!) || (src[i] === '\\' && src[i + 1] === '\n'))) i += src[i] === '\\' ? 2 : 1;
    const token = this.at(i);
    this.i = token.end;
    return token;
  }

  private at(i: number): Token {
    const src = this.src;
    if (i >= src.length) return { t: 'eof', at: i, end: i };
    const c = src[i]!;
    if (/[A-Za-z_]/.test(c)) {
      const m = /^[A-Za-z_][A-Za-z_0-9]*/.exec(src.slice(i, i + 256))![0];
      if (/^[rRuUbBfF]{1,2}$/.test(m) && (src[i + m.length] === '"' || src[i + m.length] === "'")) {
        const s = readPyString(src, i);
        return { t: 'str', value: s.value, at: i, end: s.end };
      }
      return { t: 'name', value: m, at: i, end: i + m.length };
    }
    if (c === '"' || c === "'") {
      const s = readPyString(src, i);
      return { t: 'str', value: s.value, at: i, end: s.end };
    }
    const num = /^(?:0[xX][0-9a-fA-F_]+|\d[\d_]*\.?[\d_]*(?:[eE][+-]?\d+)?|\.\d[\d_]*(?:[eE][+-]?\d+)?)/.exec(src.slice(i, i + 64));
    if (num) {
      const text = num[0].replace(/_/g, '');
      const value = /^0[xX]/.test(text) ? parseInt(text, 16) : Number(text);
      if (!Number.isFinite(value)) throw new PySyntaxError(`bad number ${num[0]}`, i);
      return { t: 'num', value, at: i, end: i + num[0].length };
    }
    if ('()[]{},:.=<>-+'.includes(c)) return { t: 'op', value: c, at: i, end: i + 1 };
    // Anything else ends the expression; the caller judges what follows.
    return { t: 'eof', at: i, end: i };
  }
}

/**
 * Parses one expression starting at `start`. Text after it is left alone and `end` says where
 * the expression stopped, so a caller can parse a value embedded in other text (HTML).
 */
export function parsePython(src: string, start = 0): { node: PyNode; end: number } {
  const lexer = new Lexer(src, start);
  const peek = () => lexer.peek();
  const next = () => lexer.next();
  const isOp = (v: string) => {
    const t = peek();
    return t.t === 'op' && t.value === v;
  };
  /** "expected X", saying so when the input simply ended. */
  const expected = (what: string, t: Token) => new PySyntaxError(`expected ${what}${t.t === 'eof' ? ' before the end' : ''}`, t.at);
  const expectOp = (v: string) => {
    const t = next();
    if (t.t !== 'op' || t.value !== v) throw expected(`"${v}"`, t);
  };

  const sequence = (closer: string): { items: PyNode[]; trailingComma: boolean } => {
    const items: PyNode[] = [];
    let trailingComma = false;
    while (!isOp(closer)) {
      items.push(expr());
      trailingComma = false;
      if (isOp(',')) {
        next();
        trailingComma = true;
        continue;
      }
      if (!isOp(closer)) throw expected(`"," or "${closer}"`, peek());
    }
    next();
    return { items, trailingComma };
  };

  const atom = (): PyNode => {
    const t = next();
    switch (t.t) {
      case 'str': {
        let value = t.value;
        while (peek().t === 'str') value += (next() as { value: string }).value; // "a" "b"
        return { kind: 'str', value, at: t.at };
      }
      case 'num':
        return { kind: 'num', value: t.value, at: t.at };
      case 'name':
        if (t.value === 'True' || t.value === 'False') return { kind: 'const', value: t.value === 'True', at: t.at };
        if (t.value === 'None') return { kind: 'const', value: null, at: t.at };
        return { kind: 'name', name: t.value, at: t.at };
      case 'op':
        if (t.value === '-' || t.value === '+') {
          const operand = atom();
          if (operand.kind !== 'num') throw new PySyntaxError(`"${t.value}" only before a number`, t.at);
          return { kind: 'num', value: t.value === '-' ? -operand.value : operand.value, at: t.at };
        }
        if (t.value === '[') return { kind: 'list', items: sequence(']').items, at: t.at };
        if (t.value === '(') {
          const { items, trailingComma } = sequence(')');
          return items.length === 1 && !trailingComma ? items[0]! : { kind: 'tuple', items, at: t.at };
        }
        if (t.value === '{') {
          const entries: [PyNode, PyNode][] = [];
          while (!isOp('}')) {
            const key = expr();
            expectOp(':');
            entries.push([key, expr()]);
            if (isOp(',')) {
              next();
              continue;
            }
            if (!isOp('}')) throw expected('"," or "}"', peek());
          }
          next();
          return { kind: 'dict', entries, at: t.at };
        }
        if (t.value === '<') {
          // <ActionTypes.CLICK: 6>
          let name = '';
          while (peek().t === 'name' || isOp('.')) name += (next() as { value: string }).value;
          expectOp(':');
          const value = expr();
          expectOp('>');
          if (!name) throw new PySyntaxError('expected an enum name after "<"', t.at);
          return { kind: 'enum', name, value, at: t.at };
        }
        throw new PySyntaxError(`unexpected "${t.value}"`, t.at);
      case 'eof':
        throw new PySyntaxError('unexpected end of the expression', t.at);
    }
  };

  const expr = (): PyNode => {
    const start = peek().at;
    let node = atom();
    while (true) {
      if (isOp('.')) {
        next();
        const t = next();
        if (t.t !== 'name') throw expected('a name after "."', t);
        node = { kind: 'attr', object: node, name: t.value, at: start };
      } else if (isOp('(')) {
        next();
        const args: PyNode[] = [];
        const kwargs: { name: string; value: PyNode }[] = [];
        while (!isOp(')')) {
          const t = peek();
          const after = lexer.peek(1);
          if (t.t === 'name' && after.t === 'op' && after.value === '=') {
            next();
            next();
            if (kwargs.some((kw) => kw.name === t.value)) throw new PySyntaxError(`keyword argument "${t.value}" repeated`, t.at);
            kwargs.push({ name: t.value, value: expr() });
          } else {
            if (kwargs.length) throw new PySyntaxError('positional argument after a keyword argument', t.at);
            args.push(expr());
          }
          if (isOp(',')) {
            next();
            continue;
          }
          if (!isOp(')')) throw expected('"," or ")"', peek());
        }
        next();
        node = { kind: 'call', callee: node, args, kwargs, at: start };
      } else if (isOp('[')) {
        next();
        const index = expr();
        expectOp(']');
        node = { kind: 'subscript', object: node, index, at: start };
      } else {
        return node;
      }
    }
  };

  const node = expr();
  return { node, end: peek().at };
}

/** Parses a whole string as one expression: anything after it is an error. */
export function parsePythonWhole(src: string): PyNode {
  const { node, end } = parsePython(src);
  const rest = src.slice(end).trim();
  if (rest !== '' && rest !== ';')
    throw new PySyntaxError(`unexpected text after the expression: ${JSON.stringify(rest.slice(0, 20))}`, end);
  return node;
}

/** Callables whose `repr()` wraps plain data: numpy arrays and scalars. Their first argument is the value. */
const DATA_WRAPPERS = /^(?:(?:np|numpy)\.)?(?:array|float16|float32|float64|int8|int16|int32|int64|uint8|float_|int_)$/;

/**
 * A `repr()` tree as JSON-like data: dicts, lists, tuples (as lists), strings, numbers,
 * booleans, None (null), enum members (their value), numpy arrays and scalars (their data).
 */
export function pyLiteral(node: PyNode): unknown {
  switch (node.kind) {
    case 'str':
    case 'num':
    case 'const':
      return node.value;
    case 'list':
    case 'tuple':
      return node.items.map(pyLiteral);
    case 'dict': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of node.entries) {
        if (k.kind !== 'str' && k.kind !== 'num') throw new PySyntaxError('dict keys must be strings or numbers', k.at);
        out[String(k.value)] = pyLiteral(v);
      }
      return out;
    }
    case 'enum':
      return pyLiteral(node.value);
    case 'call': {
      const callee = dottedName(node.callee);
      if (callee && DATA_WRAPPERS.test(callee) && node.args.length >= 1) return pyLiteral(node.args[0]!);
      throw new PySyntaxError(`not a literal: a call to ${callee ?? 'an expression'}`, node.at);
    }
    case 'name':
      throw new PySyntaxError(`not a literal: the name ${node.name}`, node.at);
    case 'attr':
    case 'subscript':
      throw new PySyntaxError('not a literal', node.at);
  }
}

/** `np.array` for `attr(name(np), array)`; undefined for anything that is not a dotted name. */
export function dottedName(node: PyNode): string | undefined {
  if (node.kind === 'name') return node.name;
  if (node.kind === 'attr') {
    const left = dottedName(node.object);
    return left === undefined ? undefined : `${left}.${node.name}`;
  }
  return undefined;
}
