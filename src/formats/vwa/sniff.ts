// The VisualWebArena sniffer on its own, so the format registry can claim files without loading the decoder.
/** Whether a file's head looks like a VWA trajectory (never claims a DevTools flow or a config). */
export function sniffVisualWebArena(file: string, head: string): boolean {
  if (/\.html?$/i.test(file)) return /<div class=['"](state_obv|action_object)['"]/.test(head);
  if (!/\.json$/i.test(file)) return false;
  if (/^\s*\{\s*"\d+"\s*:\s*\{\s*"(info|action|observation)"\s*:/.test(head)) return true;
  if (!/^\s*[[{]/.test(head)) return false;
  return (
    /"action_type"\s*:\s*(\d+|"(ActionTypes\.)?[A-Z_]+")/.test(head) &&
    /"(element_role|element_id|pw_code|key_comb|som_text_obs|obs_nodes_info)"\s*:/.test(head)
  );
}
