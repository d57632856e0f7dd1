import type { FieldIssue } from '../field-issue.js';
import { parsePython, pyLiteral, PySyntaxError } from './python.js';
import type { RawStep } from './records.js';

/**
 * A VWA/WebArena `render_<task>.html` (RenderHelper): a `<pre>` with the task config, then per
 * step `<h2>New Page</h2>`, the URL, the text observation, the screenshot (base64 PNG), and
 * the action as Python `repr()` inside `<div class='action_object'><pre>…</pre>`. The page is
 * written without HTML escaping, so an HTML parser would mangle `<ActionTypes.CLICK: 6>`: this
 * reads the raw text and parses each action dict with the Python-literal parser.
 */
export interface RenderTrace {
  config: Record<string, string>;
  steps: RawStep[];
  issues: FieldIssue[];
}

const SECTION = '<h2>New Page</h2>';

export function readRenderHtml(html: string): RenderTrace {
  const lines = lineStarts(html);
  const lineAt = (offset: number) => lineOf(lines, offset);
  const issues: FieldIssue[] = [];
  const first = html.indexOf(SECTION);
  const config = readConfig(first < 0 ? html : html.slice(0, first));
  const steps: RawStep[] = [];
  if (first < 0) return { config, steps, issues };

  const starts: number[] = [];
  for (let at = first; at >= 0; at = html.indexOf(SECTION, at + SECTION.length)) starts.push(at);
  starts.forEach((start, i) => {
    const end = starts[i + 1] ?? html.length;
    const section = html.slice(start, end);
    const record = `steps[${i}]`;
    const step: RawStep = {
      record,
      line: lineAt(start),
      recordedStep: i,
      actionField: 'action_object',
      observation: { fields: { textNodes: 'obs_nodes_info', imageNodes: 'obs_nodes_info', text: 'state_obv' } },
      extras: {},
      issues: [],
    };
    const url = /<h3 class=['"]url['"]><a href=[^>]*>URL: ([\s\S]*?)<\/a><\/h3>/.exec(section);
    if (url) step.url = unescapeHtml(url[1]!.trim());
    const obs = /<div class=['"]state_obv['"]><pre>([\s\S]*?)<\/pre>/.exec(section);
    if (obs) step.observation.text = unescapeHtml(obs[1]!);
    const img = /<img src=['"]data:image\/png;base64,([A-Za-z0-9+/=]{0,200})/.exec(section);
    if (img) step.screenshot = { kind: 'inline', value: img[1]!, field: 'img' };
    const parsedAction = /<div class=['"]parsed_action['"][^>]*><pre>([\s\S]*?)<\/pre>/.exec(section);
    if (parsedAction && parsedAction[1]!.trim()) step.note = unescapeHtml(parsedAction[1]!.trim());
    const prev = /<div class=['"]prev_action['"][^>]*>([\s\S]*?)<\/div>/.exec(section);
    if (prev && prev[1]!.trim() && prev[1]!.trim() !== 'None') step.extras.prev_action = unescapeHtml(prev[1]!.trim());

    const objectAt = /<div class=['"]action_object['"][^>]*><pre>/.exec(section);
    if (objectAt) {
      const at = start + objectAt.index + objectAt[0].length;
      step.line = lineAt(at);
      const read = readActionRepr(html, at);
      if (read.error) step.issues.push({ field: 'action_object', message: read.error, severity: 'error' });
      step.action = read.error ? null : read.value;
    }
    steps.push(step);
  });
  return { config, steps, issues };
}

/** The `repr(action)` at `at`; HTML-escaped content (a later renderer) is unescaped first. */
function readActionRepr(html: string, at: number): { value?: unknown; error?: string } {
  const close = html.indexOf('</pre>', at);
  const escaped = /^\s*\{\s*&(?:#39|#x27|quot|lt);/.test(html.slice(at, at + 16));
  try {
    if (escaped) {
      const text = unescapeHtml(html.slice(at, close < 0 ? undefined : close));
      const { node, end } = parsePython(text);
      if (text.slice(end).trim() !== '')
        return { error: `unexpected text after the action dict: ${JSON.stringify(text.slice(end, end + 20))}` };
      return { value: pyLiteral(node) };
    }
    const { node, end } = parsePython(html, at);
    if (
      !html
        .slice(end, end + 64)
        .trimStart()
        .startsWith('</pre>')
    ) {
      return { error: `the action dict is followed by ${JSON.stringify(html.slice(end, end + 20))}, not </pre>` };
    }
    return { value: pyLiteral(node) };
  } catch (e) {
    if (!(e instanceof PySyntaxError)) return { error: String(e) };
    // Offsets count from the start of the <pre> content, whichever text was parsed.
    const offset = escaped ? e.offset : e.offset - at;
    return { error: `cannot read the action repr: ${e.message.replace(/at offset \d+$/, `at offset ${offset}`)}` };
  }
}

/** `key: value` lines of the config `<pre>` (RenderHelper prints the task config that way). */
function readConfig(head: string): Record<string, string> {
  const pre = /<pre>([\s\S]*?)<\/pre>/.exec(head);
  const out: Record<string, string> = {};
  if (!pre) return out;
  for (const line of unescapeHtml(pre[1]!).split('\n')) {
    const m = /^([A-Za-z_][\w]*): ?(.*)$/.exec(line);
    if (m) out[m[1]!] = m[2]!;
  }
  return out;
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", '#39': "'", '#x27': "'" };

/** The few entities an HTML escaper writes; unknown ones stay as written. */
function unescapeHtml(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(/&(#x[0-9a-fA-F]+|#\d+|[a-zA-Z]+);/g, (m, e: string) => {
    if (e in ENTITIES) return ENTITIES[e]!;
    if (e.startsWith('#x')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(Number(e.slice(1)));
    return m;
  });
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo + 1;
}
