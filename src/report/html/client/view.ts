import type { ListEntry, ReportIndex } from '../types.js';

/** What both views share: where they draw, the run's index, and the list to go back to. */
export interface ReportView {
  app: HTMLElement;
  index: ReportIndex;
  byN: Map<number, ListEntry>;
  /** The hash of the list view last shown (with its filters): "back" and prev/next follow it. */
  lastList: string;
}
