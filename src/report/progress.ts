import type { EpisodeResult, EpisodeStatus } from '../ir/results.js';

/** Where progress goes: process.stderr, or anything with `write` (tests). */
export interface ProgressStream {
  write(text: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface ProgressOptions {
  /** Default process.stderr. */
  stream?: ProgressStream;
  /** Redraw one line in place (default: whether the stream is a TTY). */
  tty?: boolean;
  /** Without a TTY, the longest time between two progress lines (default 10 s). */
  intervalMs?: number;
  /** With a TTY, how often the line is redrawn for the clock alone (default 1 s). */
  redrawMs?: number;
  /** Colours on a TTY (default: unless NO_COLOR is set). */
  color?: boolean;
  /** Clock, for tests. */
  now?: () => number;
  /** Start interval timers (default true; tests call tick() themselves). */
  timers?: boolean;
}

const BAR_MIN = 10;
const BAR_MAX = 30;

/**
 * Run progress on stderr. On a TTY: one line redrawn in place — a bar, episodes done/total,
 * passed/failed/error counts, elapsed time and ETA. Otherwise (CI logs, pipes): a plain line
 * each time another 10 % of the episodes is done, and at least every `intervalMs` while the run
 * goes on, whichever comes first.
 *
 * Anything else written to the same terminal while the bar is up must go through
 * {@link Progress.interrupt}, which clears the bar, lets the write happen and redraws it.
 */
export class Progress {
  private readonly stream: ProgressStream;
  private readonly tty: boolean;
  private readonly intervalMs: number;
  private readonly redrawMs: number;
  private readonly color: boolean;
  private readonly now: () => number;
  private readonly timers: boolean;
  private total = 0;
  private done = 0;
  private readonly counts: Record<EpisodeStatus, number> = { passed: 0, failed: 0, error: 0 };
  private startedAt = 0;
  private lastLineAt = 0;
  private lastLineDone = -1;
  private timer: NodeJS.Timeout | undefined;
  private drawn = false;
  private running = false;
  /** The total is still growing (a streamed dataset not yet decoded to its end). */
  private open = false;

  constructor(options: ProgressOptions = {}) {
    this.stream = options.stream ?? process.stderr;
    this.tty = options.tty ?? Boolean(this.stream.isTTY);
    this.intervalMs = options.intervalMs ?? 10_000;
    this.redrawMs = options.redrawMs ?? 1000;
    this.color = options.color ?? !process.env.NO_COLOR;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? true;
  }

  start(total: number): void {
    this.total = Math.max(0, total);
    this.done = 0;
    this.counts.passed = this.counts.failed = this.counts.error = 0;
    this.startedAt = this.now();
    this.lastLineAt = this.startedAt;
    this.lastLineDone = -1;
    this.running = true;
    if (this.tty) this.draw();
    else this.line();
    if (this.timers) {
      this.timer = setInterval(() => this.tick(), this.tty ? this.redrawMs : Math.min(1000, this.intervalMs));
      this.timer.unref();
    }
  }

  episodeDone(result: Pick<EpisodeResult, 'status'>): void {
    if (!this.running) return;
    this.done += 1;
    if (result.status in this.counts) this.counts[result.status] += 1;
    if (this.tty) {
      this.draw();
      return;
    }
    const decile = (n: number) => (this.total > 0 ? Math.floor((n * 10) / this.total) : 0);
    const crossed = this.lastLineDone < 0 ? decile(this.done) > 0 : decile(this.done) > decile(this.lastLineDone);
    if (crossed || this.now() - this.lastLineAt >= this.intervalMs) this.line();
  }

  /** What the interval timer calls: redraw the clock (TTY), or a line when `intervalMs` passed without one. */
  tick(): void {
    if (!this.running) return;
    if (this.tty) this.draw();
    else if (this.now() - this.lastLineAt >= this.intervalMs) this.line();
  }

  /** Writes something else to the terminal without tearing the bar: clear, write, redraw. */
  interrupt<T>(write: () => T): T {
    if (!this.tty || !this.drawn) return write();
    this.stream.write('\r\u001b[2K');
    this.drawn = false;
    try {
      return write();
    } finally {
      if (this.running) this.draw();
    }
  }

  /**
   * More episodes to do, found while the run goes on (a streamed dataset): the total shows as
   * `N+` and there is no ETA until {@link settle} says the total is final.
   */
  grow(episodes: number): void {
    this.total += Math.max(0, episodes);
    this.open = true;
  }

  /** The total is final (the dataset has been decoded to its end). */
  settle(): void {
    this.open = false;
  }

  stop(): void {
    if (!this.running) return;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    if (this.tty) {
      this.draw();
      this.stream.write('\n');
      this.drawn = false;
    } else if (this.lastLineDone !== this.done) {
      this.line();
    }
    this.running = false;
  }

  /** The plain (non-TTY) progress line. */
  text(): string {
    const share = this.total > 0 && !this.open ? ` (${Math.floor((this.done * 100) / this.total)}%)` : '';
    const { passed, failed, error } = this.counts;
    return `progress: ${this.done}/${this.total}${this.open ? '+' : ''} episodes${share}, ${passed} passed, ${failed} failed, ${error} errors, elapsed ${clock(this.elapsed())}, ETA ${this.eta()}`;
  }

  private elapsed(): number {
    return Math.max(0, this.now() - this.startedAt);
  }

  private eta(): string {
    if (this.done === 0 || this.total === 0 || this.open) return '–';
    if (this.done >= this.total) return '0s';
    return clock((this.elapsed() / this.done) * (this.total - this.done));
  }

  private line(): void {
    this.stream.write(`${this.text()}\n`);
    this.lastLineAt = this.now();
    this.lastLineDone = this.done;
  }

  private draw(): void {
    const paint = (code: string, s: string) => (this.color ? `\u001b[${code}m${s}\u001b[0m` : s);
    const { passed, failed, error } = this.counts;
    const counts = `${this.done}/${this.total}${this.open ? '+' : ''}`;
    const tally = [paint('32', `✓ ${passed}`), paint('31', `✗ ${failed}`), ...(error ? [paint('33', `! ${error}`)] : [])].join('  ');
    const tallyWidth = `✓ ${passed}  ✗ ${failed}${error ? `  ! ${error}` : ''}`.length;
    const times = `${clock(this.elapsed())}  ETA ${this.eta()}`;
    const columns = this.stream.columns ?? 80;
    const fixed = counts.length + tallyWidth + times.length + 3 * 2 + 2; // separators and brackets
    let barWidth = Math.min(BAR_MAX, columns - 1 - fixed);
    let showTimes = true;
    if (barWidth < BAR_MIN) {
      showTimes = false;
      barWidth = Math.min(BAR_MAX, columns - 1 - (fixed - times.length - 2));
    }
    const parts: string[] = [];
    if (barWidth >= BAR_MIN) {
      const filled = this.total > 0 ? Math.round((this.done / this.total) * barWidth) : 0;
      parts.push(`[${'█'.repeat(filled)}${'░'.repeat(barWidth - filled)}]`);
    }
    parts.push(counts, tally);
    if (showTimes) parts.push(times);
    this.stream.write(`\r\u001b[2K${parts.join('  ')}`);
    this.drawn = true;
  }
}

/** `42s`, `3m05s`, `1h02m`. */
export function clock(ms: number): string {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(m / 60)}h${String(m % 60).padStart(2, '0')}m`;
}
