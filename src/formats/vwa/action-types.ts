/**
 * VisualWebArena's `ActionTypes` (browser_env/actions.py; WAIT and DRAG only in the Recon-Act
 * fork, VWA PR #80/#82) and the role table `element_role` indexes.
 */
export const ACTION_TYPE_NAMES = [
  'NONE',
  'SCROLL',
  'KEY_PRESS',
  'MOUSE_CLICK',
  'KEYBOARD_TYPE',
  'MOUSE_HOVER',
  'CLICK',
  'TYPE',
  'HOVER',
  'PAGE_FOCUS',
  'NEW_TAB',
  'GO_BACK',
  'GO_FORWARD',
  'GOTO_URL',
  'PAGE_CLOSE',
  'CHECK',
  'SELECT_OPTION',
  'STOP',
  'CLEAR',
  'UPLOAD',
  'WAIT',
  'DRAG',
] as const;
export type ActionTypeName = (typeof ACTION_TYPE_NAMES)[number];

export const ActionType = Object.fromEntries(ACTION_TYPE_NAMES.map((n, i) => [n, i])) as Record<ActionTypeName, number>;

/**
 * An `action_type` as its number: an int, or a name as Python prints it (`CLICK`,
 * `ActionTypes.CLICK`). Undefined when it is neither.
 */
export function actionTypeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isInteger(value) && value >= 0 && value < ACTION_TYPE_NAMES.length ? value : undefined;
  if (typeof value === 'string') {
    const name = value
      .replace(/^ActionTypes\./, '')
      .trim()
      .toUpperCase();
    const i = (ACTION_TYPE_NAMES as readonly string[]).indexOf(name);
    return i >= 0 ? i : undefined;
  }
  return undefined;
}

/** ARIA roles in VWA's order (`ROLES`), then the three pseudo-roles (`SPECIAL_LOCATORS`). */
export const ROLES = [
  'alert',
  'alertdialog',
  'application',
  'article',
  'banner',
  'blockquote',
  'button',
  'caption',
  'cell',
  'checkbox',
  'code',
  'columnheader',
  'combobox',
  'complementary',
  'contentinfo',
  'definition',
  'deletion',
  'dialog',
  'directory',
  'document',
  'emphasis',
  'feed',
  'figure',
  'form',
  'generic',
  'grid',
  'gridcell',
  'group',
  'heading',
  'img',
  'insertion',
  'link',
  'list',
  'listbox',
  'listitem',
  'log',
  'main',
  'marquee',
  'math',
  'meter',
  'menu',
  'menubar',
  'menuitem',
  'menuitemcheckbox',
  'menuitemradio',
  'navigation',
  'none',
  'note',
  'option',
  'paragraph',
  'presentation',
  'progressbar',
  'radio',
  'radiogroup',
  'region',
  'row',
  'rowgroup',
  'rowheader',
  'scrollbar',
  'search',
  'searchbox',
  'separator',
  'slider',
  'spinbutton',
  'status',
  'strong',
  'subscript',
  'superscript',
  'switch',
  'tab',
  'table',
  'tablist',
  'tabpanel',
  'term',
  'textbox',
  'time',
  'timer',
  'toolbar',
  'tooltip',
  'tree',
  'treegrid',
  'treeitem',
  'alt_text',
  'label',
  'placeholder',
] as const;

/** ARIA roles Playwright's getByRole knows (VWA's table without the pseudo-roles). */
export const ARIA_ROLES: ReadonlySet<string> = new Set(ROLES.slice(0, 82));
