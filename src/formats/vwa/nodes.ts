import { describeTarget } from '../../ir/describe.js';
import type { Box, Locate, Target, Viewport } from '../../ir/target.js';
import type { FieldIssue } from '../field-issue.js';
import { joinField } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';
import { ARIA_ROLES } from './action-types.js';
import { readPyString } from './python.js';

/**
 * Resolving an `element_id` the way VWA did: through the metadata of the observation the
 * action was chosen from (the same step), never re-queried. Accessibility-tree ids map to
 * `{backend_id, union_bound | bound, text}`, Set-of-Marks ids to a box.
 */

/** How Set-of-Marks boxes are written: VWA's `(center_x, center_y, w, h)` or Recon-Act's card `xywh`. */
export type SomBoxes = 'center' | 'topLeft';

export interface StepObservation {
  /** `observation_metadata.text.obs_nodes_info` */
  textNodes?: Record<string, unknown>;
  /** `observation_metadata.image.obs_nodes_info` */
  imageNodes?: Record<string, unknown>;
  /** The text observation (SoM list or accessibility tree): a node's words when the metadata has none. */
  text?: string;
  viewport?: Viewport;
  somBoxes: SomBoxes;
  /** Field paths of the three, for problems. */
  fields: { textNodes: string; imageNodes: string; text: string };
}

export interface ResolvedElement {
  target?: Target;
  box?: Box;
  issues: FieldIssue[];
}

/** What a node's text line says about it. */
export type NodeWords =
  /** `[1234] button 'Search' focused: True` (accessibility tree) */
  | { kind: 'ax'; role: string; name: string }
  /** `[7] [BUTTON] [Search icon]` (Set-of-Marks) */
  | { kind: 'som'; tag: string; text: string };

function parseNodeLine(line: string): NodeWords | undefined {
  const som = /^\s*\[\d*\]\s+\[([^\]]*)\]\s+\[([\s\S]*)\]\s*$/.exec(line);
  if (som) return { kind: 'som', tag: som[1]!, text: som[2]! };
  const ax = /^\s*\[\d+\]\s+([A-Za-z][\w-]*)\s*([\s\S]*)$/.exec(line);
  if (!ax) return undefined;
  const rest = ax[2]!;
  let name = '';
  if (rest.startsWith("'") || rest.startsWith('"')) {
    try {
      name = readPyString(rest, 0).value;
    } catch {
      name = '';
    }
  }
  return { kind: 'ax', role: ax[1]!, name };
}

/** The observation line of node `id` (`[id] …`), trimmed. */
function findNodeLine(text: string | undefined, id: string): string | undefined {
  if (!text) return undefined;
  const head = `[${id}] `;
  for (const line of text.split('\n')) {
    const t = line.trim();
    if (t.startsWith(head)) return t;
  }
  return undefined;
}

export function resolveElement(id: string, obs: StepObservation, idField: string): ResolvedElement {
  const issues: FieldIssue[] = [];
  const textNode = obs.textNodes?.[id];
  const imageNode = obs.imageNodes?.[id];

  // Geometry: the SoM box when the run used marks, else the accessibility node's.
  let box: Box | undefined;
  if (imageNode !== undefined) {
    box = somBox(imageNode, obs.somBoxes);
    if (!box)
      issues.push({
        field: joinField(obs.fields.imageNodes, id),
        message: 'not a box [x, y, width, height]; ignored',
        severity: 'warning',
      });
  }
  if (!box && isPlainObject(textNode)) {
    const legacy = 'bound' in textNode && textNode.bound !== null && textNode.bound !== undefined;
    const raw = legacy ? textNode.bound : textNode.union_bound;
    const field = joinField(obs.fields.textNodes, id, legacy ? 'bound' : 'union_bound');
    if (raw !== null && raw !== undefined) {
      box = xywh(raw);
      if (!box) issues.push({ field, message: 'not a box [x, y, width, height]; ignored', severity: 'warning' });
      else if (legacy)
        issues.push({
          field,
          message: 'a legacy `bound` is in document coordinates and the scroll offset was not recorded: the box is approximate',
          severity: 'warning',
        });
    }
  }

  const line = isPlainObject(textNode) && typeof textNode.text === 'string' ? textNode.text : findNodeLine(obs.text, id);
  const words = line === undefined ? undefined : parseNodeLine(line);

  if (textNode === undefined && imageNode === undefined && line === undefined) {
    issues.push({
      field: idField,
      message: `element ${JSON.stringify(id)} is not in this step's observation (${[obs.textNodes && 'text.obs_nodes_info', obs.imageNodes && 'image.obs_nodes_info', obs.text !== undefined && 'text observation'].filter(Boolean).join(', ') || 'the step recorded none'})`,
      severity: 'error',
    });
    return { issues };
  }

  const semantic = words ? locatesFromWords(words) : [];
  const locate: Locate[] = [...semantic];
  if (box) locate.push(obs.viewport ? { kind: 'box', box, viewport: obs.viewport } : { kind: 'box', box });
  const fp = words ? fingerprint(words) : undefined;
  if (fp) locate.push(fp);
  if (!locate.length) {
    issues.push({ field: idField, message: `element ${JSON.stringify(id)} has neither a box nor words to find it by`, severity: 'error' });
    return { issues };
  }
  if (!box)
    issues.push({
      field: idField,
      message: `element ${JSON.stringify(id)} has no recorded box: it can only be found by its words`,
      severity: 'warning',
    });
  else if (!semantic.length)
    issues.push({
      field: idField,
      message: `element ${JSON.stringify(id)} has no role or name to find it by: only its recorded box`,
      severity: 'warning',
    });
  const target: Target = { locate };
  const named = semantic[0] ?? fp;
  if (named) target.description = describeTarget({ locate: [named] });
  return box ? { target, box, issues } : { target, issues };
}

/**
 * The recorded node under a point (viewport CSS px): the smallest box of this step's
 * obs_nodes_info that holds it, resolved like an element_id. Undefined when no box holds it or
 * the node has no role or name to check against.
 */
export function nodeAtPoint(x: number, y: number, obs: StepObservation): ResolvedElement | undefined {
  let best: { id: string; area: number } | undefined;
  const ids = new Set([...Object.keys(obs.textNodes ?? {}), ...Object.keys(obs.imageNodes ?? {})]);
  for (const id of ids) {
    const r = resolveElement(id, obs, '');
    const b = r.box;
    if (!b || !r.target || b.width <= 0 || b.height <= 0) continue;
    if (x < b.x || x > b.x + b.width || y < b.y || y > b.y + b.height) continue;
    const area = b.width * b.height;
    if (!best || area < best.area) best = { id, area };
  }
  if (!best) return undefined;
  const r = resolveElement(best.id, obs, '');
  return r.target?.locate.some((l) => l.kind !== 'box' && l.kind !== 'fingerprint') ? r : undefined;
}

/** getBy*-style alternatives the node's words allow. */
function locatesFromWords(words: NodeWords): Locate[] {
  if (words.kind === 'ax') {
    const role = words.role === 'image' ? 'img' : words.role;
    if (!words.name) return [];
    // Accessibility-tree names are the accessible names themselves: exact.
    if (ARIA_ROLES.has(role)) return [{ kind: 'role', role, name: words.name, exact: true }];
    if (role === 'StaticText') return [{ kind: 'text', text: words.name, exact: true }];
    return [];
  }
  // Set-of-Marks text is the element's text content (or alt), which only approximates its accessible name.
  const text = words.text.trim();
  switch (words.tag.toUpperCase()) {
    case 'BUTTON':
      return text ? [{ kind: 'role', role: 'button', name: text, exact: false }] : [];
    case 'A':
      return text ? [{ kind: 'role', role: 'link', name: text, exact: false }] : [];
    case 'IMG': {
      const alt = originalAlt(words.text);
      return alt ? [{ kind: 'alt', text: alt, exact: true }] : [];
    }
    default:
      return [];
  }
}

/** VWA rewrites every img alt to `<alt>, description: <caption>, url: <src>`; the live page has only `<alt>`. */
function originalAlt(text: string): string {
  return text
    .replace(/, description: [\s\S]*$/, '')
    .replace(/, url: [\s\S]*$/, '')
    .trim();
}

function fingerprint(words: NodeWords): Locate | undefined {
  if (words.kind === 'ax')
    return words.name ? { kind: 'fingerprint', role: words.role, text: words.name } : { kind: 'fingerprint', role: words.role };
  const text = words.tag.toUpperCase() === 'IMG' ? originalAlt(words.text) : words.text.trim();
  const fp: Locate = { kind: 'fingerprint', tag: words.tag.toLowerCase() };
  if (text) fp.text = text;
  return fp;
}

function numbers4(raw: unknown): [number, number, number, number] | undefined {
  const v = isPlainObject(raw) ? [raw.x, raw.y, raw.width ?? raw.w, raw.height ?? raw.h] : raw;
  if (!Array.isArray(v) || v.length !== 4 || !v.every((n) => typeof n === 'number' && Number.isFinite(n))) return undefined;
  const [a, b, w, h] = v as number[];
  return w! >= 0 && h! >= 0 ? [a!, b!, w!, h!] : undefined;
}

function xywh(raw: unknown): Box | undefined {
  const n = numbers4(raw);
  return n && { x: n[0], y: n[1], width: n[2], height: n[3] };
}

function somBox(raw: unknown, convention: SomBoxes): Box | undefined {
  const n = numbers4(raw);
  if (!n) return undefined;
  return convention === 'center'
    ? { x: n[0] - n[2] / 2, y: n[1] - n[3] / 2, width: n[2], height: n[3] }
    : { x: n[0], y: n[1], width: n[2], height: n[3] };
}

/**
 * Which SoM convention a recording uses, told from ids that have both an accessibility
 * `union_bound` (top-left) and a SoM box: undefined when no id settles it.
 */
export function detectSomBoxes(
  pairs: Iterable<{ textNodes?: Record<string, unknown>; imageNodes?: Record<string, unknown> }>,
): SomBoxes | undefined {
  let center = 0;
  let topLeft = 0;
  for (const { textNodes, imageNodes } of pairs) {
    if (!textNodes || !imageNodes) continue;
    for (const [id, image] of Object.entries(imageNodes)) {
      const t = textNodes[id];
      const ub = isPlainObject(t) ? numbers4(t.union_bound) : undefined;
      const sb = numbers4(image);
      if (!ub || !sb || ub[2] === 0 || ub[3] === 0) continue;
      const near = (a: number, b: number) => Math.abs(a - b) < 1;
      const sameSize = near(ub[2], sb[2]) && near(ub[3], sb[3]);
      if (!sameSize) continue;
      if (near(sb[0], ub[0]) && near(sb[1], ub[1])) topLeft++;
      else if (near(sb[0], ub[0] + ub[2] / 2) && near(sb[1], ub[1] + ub[3] / 2)) center++;
    }
  }
  if (center === topLeft) return undefined;
  return center > topLeft ? 'center' : 'topLeft';
}
