import { z } from 'zod';
import type { FieldIssue } from '../field-issue.js';
import { zodIssues } from '../field-issue.js';
import { isPlainObject } from '../json-line.js';

/**
 * A Mind2Web candidate element: `{tag, backend_node_id, attributes}`, positives also with
 * `is_original_target`/`is_top_level_target`. `attributes` is the node's attribute dict as JSON
 * text (all values strings); Multimodal-Mind2Web gives the whole candidate as JSON text too.
 * Copies may add `score`, `rank` or `choice`; those are ignored.
 */
const CandidateSchema = z.looseObject({
  tag: z.string(),
  backend_node_id: z.union([z.string().min(1), z.number().int().nonnegative()]),
  attributes: z.union([z.string(), z.record(z.string(), z.unknown())]).optional(),
  is_original_target: z.boolean().optional(),
  is_top_level_target: z.boolean().optional(),
});

export interface Candidate {
  tag: string;
  backendNodeId: string;
  /** Attribute names as Mind2Web wrote them (`aria_label`), values as strings. */
  attributes: Record<string, string>;
  isOriginalTarget: boolean;
  isTopLevelTarget: boolean;
}

/** An object, or JSON text of one. Issues go under `field`; undefined when unusable. */
export function objectOrJsonText(
  value: unknown,
  field: string | undefined,
  issues: FieldIssue[],
  what: string,
): Record<string, unknown> | undefined {
  let v = value;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch (e) {
      issues.push({ field, message: `not valid JSON text of ${what}: ${(e as Error).message}`, severity: 'error' });
      return undefined;
    }
  }
  if (isPlainObject(v)) return v;
  issues.push({
    field,
    message:
      v === undefined || v === null
        ? `missing (expected ${what} or JSON text of one)`
        : `expected ${what}, got ${Array.isArray(v) ? 'an array' : typeof v}`,
    severity: 'error',
  });
  return undefined;
}

export function decodeCandidate(value: unknown, field: string, issues: FieldIssue[]): Candidate | undefined {
  const obj = objectOrJsonText(value, field, issues, 'a candidate object');
  if (!obj) return undefined;
  const parsed = CandidateSchema.safeParse(obj);
  if (!parsed.success) {
    issues.push(...zodIssues(parsed.error, field));
    return undefined;
  }
  const c = parsed.data;
  const attributes: Record<string, string> = {};
  if (c.attributes !== undefined) {
    const attrs = objectOrJsonText(c.attributes, `${field}.attributes`, issues, 'an attribute object');
    if (!attrs) return undefined;
    for (const [k, v] of Object.entries(attrs))
      if (v !== null && v !== undefined) attributes[k] = typeof v === 'string' ? v : JSON.stringify(v);
  }
  return {
    tag: c.tag,
    backendNodeId: String(c.backend_node_id),
    attributes,
    isOriginalTarget: c.is_original_target === true,
    isTopLevelTarget: c.is_top_level_target === true,
  };
}

/** Positives in the order a replay should try them: the marked node, its clickable ancestor, the rest. */
export function orderPositives(candidates: readonly Candidate[]): Candidate[] {
  const rank = (c: Candidate) => (c.isOriginalTarget ? 0 : c.isTopLevelTarget ? 1 : 2);
  return [...candidates].sort((a, b) => rank(a) - rank(b)); // stable: ties keep the recorded order
}
