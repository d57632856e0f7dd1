import type { Box } from '../ir/index.js';

/**
 * What is known about one element, recorded or live, in the terms target matching compares:
 * the same shape on both sides so one scoring function serves recordings of every format.
 */
export interface ElementFacts {
  tag?: string;
  role?: string;
  /** Accessible name (approximate on the live side: label, aria-label, text, title, alt). */
  name?: string;
  text?: string;
  id?: string;
  classes?: string[];
  /**
   * Identifying attributes: placeholder, name, type, title, alt, aria-label, data-testid, href,
   * for, value (compared as such), and other `data-*` values (compared as identifier words).
   */
  attrs?: Record<string, string>;
  /** Place among its like siblings (same tag and classes under one parent), 0-based: shown in evidence, not scored. */
  position?: { index: number; of: number };
  /** CSS px in the viewport of its page (frames offset included). */
  box?: Box;
  visible?: boolean;
  /**
   * Live side, a control with no name of its own: the label of the hidden native control beside
   * it that it stands in for (an enhanced select's search field; its `<select>`, hidden, keeps
   * the label).
   */
  standsFor?: string;
  /**
   * A box with no role, no control and no text of its own (a widget's wrapper): the live page's
   * candidates include such boxes only when the recorded target is one (plainLike).
   */
  plain?: boolean;
  /**
   * Recorded side: the element was shown with no pointer on it, in its before-state drawn with
   * every one of its stylesheets, as the recorded screenshot shows it there. A live look-alike
   * that is hidden and that no hover shows cannot be it.
   */
  shownAtRest?: boolean;
  /** Text of the nearest container around the element (its row, card, list item). */
  context?: string;
  /** Texts the element's container must contain (recorder `has-text` filters): hard constraints. */
  mustContain?: string[];
}
