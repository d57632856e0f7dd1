/**
 * ARIA roles that are a kind of another (WAI-ARIA's subclass roles): a release that made a search
 * field `type=text` turned its searchbox into a textbox, the same field to whoever types in it.
 */
const KIND_OF: Readonly<Record<string, string>> = {
  searchbox: 'textbox',
  switch: 'checkbox',
  menuitemcheckbox: 'menuitem',
  menuitemradio: 'menuitem',
};

/** One role is a kind of the other (KIND_OF), either way. */
export function subclassRoles(a: string, b: string): boolean {
  return KIND_OF[a] === b || KIND_OF[b] === a;
}

/**
 * Roles a person acts on alike, with a click: a release that turned its sort buttons into links
 * (`<a href="#">`), or a carousel's page dots into tabs (Splide 4), has the same controls.
 */
const CLICKED = new Set(['button', 'link', 'tab']);

/**
 * Whether two roles name the same control for whoever uses the page: the same role, a kind of it
 * (subclassRoles), or both clicked alike (CLICKED). For comparing pages; finding a target asks
 * more of a role (target-match.ts roleSimilarity: a subclass only).
 */
export function alikeRoles(a: string, b: string): boolean {
  return a === b || subclassRoles(a, b) || (CLICKED.has(a) && CLICKED.has(b));
}
