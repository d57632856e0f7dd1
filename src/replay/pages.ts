import type { BrowserContext, Page } from 'playwright';

/**
 * The pages of one episode under the names the recording gave them (recorder aliases
 * `page`, `page1`… or `page@guid`s). Pages that open without being claimed by a recorded
 * popup (a Ctrl+click, a `target=_blank`) wait here until an `openPage` claims them.
 */
export class PageRegistry {
  private readonly byName = new Map<string, Page>();
  private readonly unclaimed: Page[] = [];
  /** The page the last step ran on: where a step with no page of its own runs (VWA tabs). */
  current: Page | undefined;

  constructor(private readonly context: BrowserContext) {
    context.on('page', (page) => {
      this.unclaimed.push(page);
      page.once('close', () => this.forget(page));
    });
  }

  get(name: string): Page | undefined {
    const page = this.byName.get(name);
    return page && !page.isClosed() ? page : undefined;
  }

  bind(name: string, page: Page): void {
    this.byName.set(name, page);
    const i = this.unclaimed.indexOf(page);
    if (i >= 0) this.unclaimed.splice(i, 1);
  }

  /** A page for `openPage`: one that opened on its own since, else a new one. */
  async open(name: string): Promise<Page> {
    const page = this.unclaimed.find((p) => !p.isClosed()) ?? (await this.context.newPage());
    this.bind(name, page);
    return page;
  }

  /** The page a step runs on; the first page is created on demand for recordings that start mid-session. */
  async forStep(name: string): Promise<Page | undefined> {
    const page = this.get(name);
    if (page) return page;
    if (this.byName.size === 0) return this.open(name);
    return undefined;
  }

  /** Pages that opened on their own and no step has claimed yet. */
  unclaimedPages(): Page[] {
    return this.unclaimed.filter((p) => !p.isClosed());
  }

  openPages(): Page[] {
    return this.context.pages().filter((p) => !p.isClosed());
  }

  names(): string[] {
    return [...this.byName].filter(([, p]) => !p.isClosed()).map(([n]) => n);
  }

  private forget(page: Page): void {
    for (const [name, p] of this.byName) if (p === page) this.byName.delete(name);
    const i = this.unclaimed.indexOf(page);
    if (i >= 0) this.unclaimed.splice(i, 1);
    if (this.current === page) this.current = undefined;
  }
}
