/** The operations Mind2Web records: `op` is one of the first three, `original_op` any of them. */
export const M2W_OPS = ['CLICK', 'TYPE', 'SELECT', 'HOVER', 'ENTER'] as const;
export type M2WOpName = (typeof M2W_OPS)[number];

/** One `action_reprs` entry, e.g. `[combobox]  Reservation type -> SELECT: Pickup`. */
export interface ActionRepr {
  /** ARIA role when the element had one, else its tag (`combobox`, `span`). */
  role: string;
  /** The element's text, cut by Mind2Web to 50 characters plus "..."; may be empty. */
  name: string;
  /** The *original* op (HOVER and ENTER appear here although `operation.op` says CLICK). */
  op: M2WOpName;
  /** After `: ` for TYPE and SELECT. */
  value?: string;
}

const SEP = ' -> ';
const TAIL = /^(CLICK|TYPE|SELECT|HOVER|ENTER)(?:: ([\s\S]*))?$/;
const HEAD = /^\[([^\]]*)\]([\s\S]*)$/;

/**
 * Parses an `action_reprs` string: `[<role>]  <name> -> <OP>[: <value>]`. Mind2Web's own code
 * splits on the LAST " -> ", which is right when the name contains " -> " but wrong when the
 * typed value does; so every " -> " is tried from the right and, when the step's operation is
 * known (`hint`), the split that agrees with it wins, else the rightmost one that parses.
 */
export function parseActionRepr(text: string, hint?: { op: M2WOpName; value: string }): ActionRepr | undefined {
  const parses: ActionRepr[] = [];
  for (let at = text.lastIndexOf(SEP); at !== -1; at = at === 0 ? -1 : text.lastIndexOf(SEP, at - 1)) {
    const tail = TAIL.exec(text.slice(at + SEP.length));
    const head = HEAD.exec(text.slice(0, at));
    if (!tail || !head) continue;
    // Two spaces separate `]` from the name; an empty name leaves just those two.
    const parsed: ActionRepr = { role: head[1]!.trim(), name: head[2]!.replace(/^ {1,2}/, '').trim(), op: tail[1] as M2WOpName };
    if (tail[2] !== undefined) parsed.value = tail[2];
    parses.push(parsed);
  }
  if (!hint) return parses[0];
  return parses.find((p) => p.op === hint.op && (p.value ?? '') === hint.value) ?? parses.find((p) => p.op === hint.op) ?? parses[0];
}

/** How a person would name the element: `combobox "Reservation type"`, or `svg` with no name. */
export function reprDescription(repr: ActionRepr): string {
  const role = repr.role || 'element';
  return repr.name ? `${role} "${repr.name}"` : role;
}
