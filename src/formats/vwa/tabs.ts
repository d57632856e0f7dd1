import type { Action } from '../../ir/action.js';
import type { FieldIssue } from '../field-issue.js';
import { ActionType } from './action-types.js';
import { countTabs, type RawStep } from './records.js';

/**
 * VWA acts on "the current page". Its tabs are tracked here as named pages (`page`, `page1`, …)
 * so every IR step names the page it ran on.
 */
export class VwaTabs {
  readonly pages = ['page'];
  private current = 0;
  private opened = 1;

  get currentPage(): string {
    return this.pages[this.current]!;
  }

  /** Opens a tab (named in opening order) without focusing it. */
  open(): string {
    const name = `page${this.opened++}`;
    this.pages.push(name);
    return name;
  }

  /**
   * Moves the tabs as one recorded action did. Returns the page the action ran on, and the page
   * it opened as a popup (which VWA then focuses), if any. `next` is the step after it, whose
   * observation lists the tabs open afterwards.
   */
  follow(
    type: number | undefined,
    action: Action,
    s: RawStep,
    next: RawStep | undefined,
    warn: (issue: FieldIssue) => void,
  ): { page: string; popup?: string } {
    let page = this.currentPage;
    switch (type) {
      case ActionType.NEW_TAB: {
        page = this.open();
        this.current = this.pages.length - 1;
        break;
      }
      case ActionType.PAGE_FOCUS: {
        const n = action.type === 'switchPage' ? action.pageIndex : 0;
        if (n < this.pages.length) this.current = n;
        else
          warn({
            field: `${s.actionField ? `${s.actionField}.` : ''}page_number`,
            message: `tab ${n} is not open at this point of the recording (${this.pages.length} open); VWA failed this step`,
            severity: 'warning',
          });
        break;
      }
      case ActionType.PAGE_CLOSE: {
        this.pages.splice(this.current, 1);
        if (!this.pages.length) this.open(); // VWA opens a blank page when the last one closes
        this.current = this.pages.length - 1;
        break;
      }
      default: {
        // VWA switches to the newest page when an action opened one; the tabs the next observation lists tell.
        const now = countTabs(s.tabs);
        const after = countTabs(next?.tabs);
        if (now !== undefined && after !== undefined && after > now) {
          const popup = this.open();
          this.current = this.pages.length - 1;
          return { page, popup };
        }
      }
    }
    return { page };
  }
}
