import type { BrowserContext, Dialog } from 'playwright';
import type { Expectation } from '../ir/index.js';

type DialogExpectation = Extract<Expectation, { kind: 'dialog' }>;

/**
 * Answers every JavaScript dialog of an episode. A dialog the current step expects is answered
 * as recorded; any other is dismissed (what Playwright does with no listener) and remembered,
 * so the step can be failed with `unexpected-dialog` instead of the flow quietly changing.
 */
export class DialogDesk {
  private expected: DialogExpectation[] = [];
  private answered = 0;
  private surprises: string[] = [];
  private opened = 0;

  constructor(context: BrowserContext) {
    context.on('dialog', (dialog) => void this.answer(dialog));
  }

  /** Start a step: forget the last step's dialogs, expect this step's. */
  beginStep(expectations: readonly Expectation[]): void {
    this.expected = expectations.filter((e): e is DialogExpectation => e.kind === 'dialog');
    this.answered = 0;
    this.surprises = [];
  }

  get missing(): number {
    return this.expected.length;
  }

  get unexpected(): readonly string[] {
    return this.surprises;
  }

  /** Dialogs opened in the episode so far, answered or not: whether an action made one open. */
  get openedSoFar(): number {
    return this.opened;
  }

  private async answer(dialog: Dialog): Promise<void> {
    this.opened += 1;
    const expected = this.expected.shift();
    try {
      if (expected) {
        this.answered += 1;
        if (expected.response === 'accept') await dialog.accept(expected.promptText);
        else await dialog.dismiss();
        return;
      }
      this.surprises.push(`${dialog.type()} "${dialog.message()}"`);
      // A beforeunload dismissed would block the navigation the recording made.
      if (dialog.type() === 'beforeunload') await dialog.accept();
      else await dialog.dismiss();
    } catch {
      // The page closed under the dialog; nothing left to answer.
    }
  }
}
