import { basename } from 'node:path';

export type JsonDatasetKind = 'mind2web' | 'mt-mind2web' | 'babyagi';

/** Keys only Mind2Web-family records have (tasks, turns, actions, Multimodal rows). */
const M2W_KEYS = new Set([
  'action_uid',
  'raw_html',
  'cleaned_html',
  'pos_candidates',
  'neg_candidates',
  'action_reprs',
  'confirmed_task',
  'target_action_index',
  'target_action_reprs',
]);
const BABYAGI_KEYS = new Set(['trajectory', 'action_taken', 'action_options']);
/** Keys of formats that are not ours at all (rpaweb rows, recorder lines). */
const FOREIGN_KEYS = new Set(['json_data', 'browserCode', 'html_data', 'png_file']);

/**
 * The object keys (`"key":`) in a file's head, in order. Keys inside string values cannot match:
 * their quotes are escaped (`\"`). Reading keys rather than parsing lets a head that ends inside
 * a multi-megabyte `raw_html`, or whose first record is broken, still be recognised.
 */
function headKeys(head: string): string[] {
  const keys: string[] = [];
  for (const m of head.matchAll(/(?<!\\)"([A-Za-z_]\w{0,40})"\s*:/g)) keys.push(m[1]!);
  return keys;
}

/**
 * Which of our JSON dataset kinds a head is, if any. It must open with `[` or `{` (a shard, a
 * lone record, or JSON Lines). An MT-Mind2Web conversation shows `turns` before any `actions`
 * (the actions are inside the turns); a Mind2Web task or Multimodal row shows its own keys first.
 */
export function sniffJsonDataset(file: string, head: string): JsonDatasetKind | undefined {
  const first = head.trimStart()[0];
  if (first !== '[' && first !== '{') return undefined;
  const keys = headKeys(head);
  if (keys.some((k) => FOREIGN_KEYS.has(k))) return undefined;
  if (keys.some((k) => BABYAGI_KEYS.has(k))) return 'babyagi';
  const turns = keys.indexOf('turns');
  const actions = keys.indexOf('actions');
  const m2w = keys.some((k) => M2W_KEYS.has(k));
  if (turns !== -1 && (actions === -1 || turns < actions) && (m2w || keys.includes('task_id'))) return 'mt-mind2web';
  if (m2w) return 'mind2web';
  // baby-agi names its files metadata_*.json; a first record without its trajectory keys (a
  // broken one) still has an instruction.
  if (first === '[' && /^metadata_.*\.json$/i.test(basename(file)) && keys.includes('instruction')) return 'babyagi';
  return undefined;
}
