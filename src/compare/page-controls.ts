import { normaliseText } from './normalise-text.js';

/**
 * What a person acts on, read from HTML without a browser: each interactive element's role and
 * accessible name (approximately as Chromium computes it: aria-label, label, text, value,
 * placeholder, title, alt) and the text of its nearest container (row, list item, form, dialog).
 * Names that only CSS gives (`::after { content: "✖" }`) are not in the HTML: such controls
 * get an empty name and are never used as evidence.
 */
export interface Control {
  role: string;
  /** Normalised accessible name ('' when the HTML does not say). */
  name: string;
  /** Normalised text of the label elements that name it (for getByLabel). */
  label: string;
  placeholder: string;
  testId?: string;
  /** Inside page chrome (header/footer landmarks, nav, aside, small print). */
  chrome: boolean;
  /** Normalised text of its nearest row/list item/form/dialog, '' when it has none. */
  context: string;
}

const INPUT_ROLES: Record<string, string> = {
  checkbox: 'checkbox',
  radio: 'radio',
  button: 'button',
  submit: 'button',
  reset: 'button',
  image: 'button',
  search: 'searchbox',
  number: 'spinbutton',
  range: 'slider',
  email: 'textbox',
  tel: 'textbox',
  text: 'textbox',
  url: 'textbox',
  password: 'textbox',
};
/** Roles whose name comes from their content. */
export const NAMED_BY_CONTENT: ReadonlySet<string> = new Set([
  'button',
  'link',
  'checkbox',
  'radio',
  'switch',
  'tab',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'option',
  'treeitem',
]);
/** Roles a user acts on: those named by their content, and fields named by a label. */
const INTERACTIVE_ROLES = new Set([...NAMED_BY_CONTENT, 'textbox', 'searchbox', 'combobox', 'listbox', 'slider', 'spinbutton']);
const CONTAINER_TAGS = new Set(['tr', 'li', 'form', 'dialog', 'fieldset', 'article']);
const CONTAINER_ROLES = new Set(['row', 'listitem', 'dialog', 'alertdialog', 'form', 'group', 'article']);

/** The implicit or explicit role of an element, or undefined when a person does not act on it. */
export function controlRole(tag: string, attribs: Record<string, string>): string | undefined {
  const explicit = attribs.role?.trim().split(/\s+/)[0];
  if (explicit && INTERACTIVE_ROLES.has(explicit)) return explicit;
  if (explicit && explicit !== 'presentation' && explicit !== 'none') return undefined;
  switch (tag) {
    case 'a':
      return attribs.href !== undefined ? 'link' : undefined;
    case 'button':
      return 'button';
    case 'textarea':
      return 'textbox';
    case 'select':
      return attribs.multiple !== undefined || Number(attribs.size) > 1 ? 'listbox' : 'combobox';
    case 'input': {
      const type = (attribs.type ?? 'text').toLowerCase();
      if (type === 'hidden') return undefined;
      if ((type === 'text' || type === 'search' || type === 'email' || type === 'tel' || type === 'url') && attribs.list !== undefined)
        return 'combobox';
      return INPUT_ROLES[type] ?? 'textbox';
    }
    default:
      return undefined;
  }
}

interface Open {
  tag: string;
  control?: PendingControl;
  label?: PendingLabel;
  container?: { text: string[] };
}
interface PendingControl {
  role: string;
  attribs: Record<string, string>;
  text: string[];
  chrome: boolean;
  labels: PendingLabel[];
  container?: { text: string[] };
}
interface PendingLabel {
  text: string[];
  for?: string;
}

/** Collects controls from one parser pass; fed by pageShape's open/close/text events. */
export class ControlCollector {
  private readonly open: Open[] = [];
  private readonly done: PendingControl[] = [];
  private readonly labelsFor = new Map<string, PendingLabel[]>();

  onOpen(tag: string, attribs: Record<string, string>, chrome: boolean, isVoid: boolean): void {
    const entry: Open = { tag };
    const role = controlRole(tag, attribs);
    if (role) {
      const wrapping = this.open.filter((o) => o.label).map((o) => o.label!);
      const container = [...this.open].reverse().find((o) => o.container)?.container;
      entry.control = { role, attribs, text: [], chrome, labels: wrapping, container };
      this.done.push(entry.control);
      if (attribs.alt) entry.control.text.push(attribs.alt);
    } else if (tag === 'img' && attribs.alt) {
      // An icon link or button named by its image's alt.
      for (const o of this.open) o.control?.text.push(attribs.alt);
    }
    if (tag === 'label') {
      entry.label = { text: [], for: attribs.for };
      if (attribs.for) this.labelsFor.set(attribs.for, [...(this.labelsFor.get(attribs.for) ?? []), entry.label]);
    }
    if (CONTAINER_TAGS.has(tag) || (attribs.role && CONTAINER_ROLES.has(attribs.role))) entry.container = { text: [] };
    if (!isVoid) this.open.push(entry);
  }

  onClose(tag: string): void {
    const i = this.open.map((o) => o.tag).lastIndexOf(tag);
    if (i >= 0) this.open.length = i;
  }

  /** Text inside every open control, label and container; `continues`: it goes on the word the last text ended in (pageShape's inline words). */
  onText(text: string, continues = false): void {
    const add = (into: string[] | undefined) => {
      if (!into) return;
      if (continues && into.length) into[into.length - 1] += text;
      else into.push(text);
    };
    for (const o of this.open) {
      add(o.control?.text);
      add(o.label?.text);
      add(o.container?.text);
    }
  }

  controls(): Control[] {
    return this.done.map((c) => {
      const a = c.attribs;
      const labels = [...c.labels, ...(a.id ? (this.labelsFor.get(a.id) ?? []) : [])];
      const label = normaliseText(labels.map((l) => l.text.join(' ')).join(' '));
      const content = NAMED_BY_CONTENT.has(c.role) ? normaliseText(c.text.join(' ')) : '';
      const value = c.role === 'button' && a.value ? normaliseText(a.value) : '';
      const name =
        normaliseText(a['aria-label'] ?? '') ||
        label ||
        content ||
        value ||
        normaliseText(a.placeholder ?? '') ||
        normaliseText(a.title ?? '');
      return {
        role: c.role,
        name,
        label: normaliseText(a['aria-label'] ?? '') || label,
        placeholder: normaliseText(a.placeholder ?? ''),
        testId: a['data-testid'],
        chrome: c.chrome,
        context: c.container ? normaliseText(c.container.text.join(' ')) : '',
      };
    });
  }
}
