import type { BrowserContext, Frame, Page } from 'playwright';

/**
 * The pages of one episode under the names the recording gave them (recorder aliases
 * `page`, `page1`… or `page@guid`s). Pages that open without being claimed by a recorded
 * popup (a Ctrl+click, a `target=_blank`) wait here until an `openPage` claims them.
 */
export class PageRegistry {
  private readonly byName = new Map<string, Page>();
  /** Names that turned out to be a frame of an open page (a DevTools `target` that is an iframe's URL). */
  private readonly frames = new Map<string, Frame>();
  private readonly unclaimed: Page[] = [];
  /** The page the last step ran on: where a step with no page of its own runs (VWA tabs). */
  current: Page | undefined;

  constructor(private readonly context: BrowserContext) {
    context.on('page', (page) => {
      this.unclaimed.push(page);
      page.once('close', () => this.forget(page));
    });
  }

  /** The page of that name; for a name bound to a frame, the page holding it. */
  get(name: string): Page | undefined {
    const page = this.byName.get(name) ?? this.frameFor(name)?.page();
    return page && !page.isClosed() ? page : undefined;
  }

  /** Steps on `name` run in this frame of its page from now on. */
  bindFrame(name: string, frame: Frame): void {
    this.frames.set(name, frame);
  }

  /** The frame `name` is bound to, while it is attached. */
  frameFor(name: string): Frame | undefined {
    const frame = this.frames.get(name);
    return frame && !frame.isDetached() ? frame : undefined;
  }

  /** Every frame a name is bound to, still attached. */
  boundFrames(): Frame[] {
    return [...this.frames.values()].filter((f) => !f.isDetached());
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
    return [...[...this.byName].filter(([, p]) => !p.isClosed()).map(([n]) => n), ...[...this.frames.keys()].filter((n) => this.get(n))];
  }

  private forget(page: Page): void {
    for (const [name, p] of this.byName) if (p === page) this.byName.delete(name);
    const i = this.unclaimed.indexOf(page);
    if (i >= 0) this.unclaimed.splice(i, 1);
    if (this.current === page) this.current = undefined;
  }
}
