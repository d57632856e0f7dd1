import type { Locator, Page } from 'playwright';
import { withRecordedValues } from '../compare/typed-values.js';
import { applyInputs, episodePlaceholders, type Placeholder, type StepInput, type TypedValue } from '../ir/inputs.js';
import type { Box, Episode, Step } from '../ir/index.js';
import { Redactor, type Secret } from '../secrets.js';

/**
 * What one episode's replay must keep secret: which steps type a secret value, and the inputs
 * they typed it into — those boxes are masked in every screenshot taken after (the value shows
 * in the field as pixels, which no text scrubbing reaches).
 */
export class EpisodeSecrets {
  readonly redactor: Redactor;
  private readonly names: Set<string>;
  private readonly placeholders: Placeholder[];
  private readonly inputs: Locator[] = [];
  /** Every recorded text a user's value replaces somewhere in the episode. */
  private readonly typed: TypedValue[];

  constructor(
    episode: Episode,
    private readonly params: Readonly<Record<string, string>>,
    secrets: readonly Secret[] = [],
  ) {
    this.redactor = new Redactor(secrets);
    this.names = new Set(secrets.map((s) => s.name.toLowerCase()));
    this.placeholders = episodePlaceholders(episode);
    this.typed = episode.steps.flatMap((s) => {
      const input = applyInputs(s, this.placeholders, this.params);
      return 'typed' in input ? input.typed : [];
    });
  }

  /**
   * Visible words quoted in results (compare.textDiff, messages) are lower-cased, which the
   * case-sensitive scrub of outputs would miss: a word holding a secret value, or part of one,
   * in any case becomes `[secret]`.
   */
  scrubWords(words: string[]): string[] {
    const values = this.redactor.secrets.map((s) => s.value.toLowerCase()).filter((v) => v !== '');
    if (values.length === 0) return words;
    return words.map((w) => (values.some((v) => w.includes(v) || (w.length >= 3 && v.includes(w))) ? '[secret]' : w));
  }

  /** Live HTML (as captured, or as written scrubbed) with the user's values back to the recorded ones, for comparison. */
  asRecorded(liveHtml: string): string {
    if (this.typed.length === 0) return liveHtml;
    return withRecordedValues(liveHtml, this.typed, (name) => (this.isSecret(name) ? `[secret:${name}]` : undefined));
  }

  /** The step's action with the user's values in it, and whether one of them is secret. */
  input(step: Step): StepInput & { secret?: boolean } {
    const input = applyInputs(step, this.placeholders, this.params);
    return 'used' in input ? { ...input, secret: input.used.some((n) => this.isSecret(n)) } : input;
  }

  isSecret(name: string): boolean {
    return this.names.has(name.toLowerCase());
  }

  /** Whether any step of the episode will type a secret (decided before the replay starts). */
  typesSecret(episode: Episode): boolean {
    return this.names.size > 0 && episode.steps.some((s) => this.input(s).secret === true);
  }

  /** An element a secret was typed into. */
  typedInto(locator: Locator): void {
    this.inputs.push(locator);
  }

  /**
   * Locators on `page` for Playwright's screenshot `mask` option: the inputs a secret was typed
   * into, and wherever the page shows a secret itself — an element whose text holds it (also
   * when split by tags: text matching reads an element's whole text) or an input whose value
   * attribute does. Resolved at capture time, so each screenshot masks what is there then.
   */
  masksOn(page: Page): Locator[] {
    const shown = this.redactor.secrets
      .filter((s) => s.value.trim() !== '')
      .flatMap((s) => [page.getByText(s.value.trim()), page.locator(`:is(input, textarea)[value*=${JSON.stringify(s.value)}]`)]);
    return [...this.inputs.filter((l) => l.page() === page), ...shown];
  }

  /** The same as boxes (CSS px), for screenshot comparison to ignore. */
  async boxesOn(page: Page): Promise<Box[]> {
    const boxes: Box[] = [];
    for (const l of this.masksOn(page)) {
      for (const one of await l.all().catch(() => [])) {
        const box = await one.boundingBox({ timeout: 1000 }).catch(() => null);
        if (box) boxes.push(box);
      }
    }
    return boxes;
  }
}
