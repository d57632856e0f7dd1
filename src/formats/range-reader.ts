import type { FileHandle } from 'node:fs/promises';

/**
 * Reads byte ranges of a file, mostly in file order (rpaweb rows read back episode by episode),
 * through a window of `size` bytes. While the caller decodes the rows of one window, the next one
 * is already being read, into the other of two buffers used in turn: a decode profile showed a
 * sixth of the read-back as waiting for each read and collecting a fresh 1 MiB buffer per read.
 *
 * A returned range is a view into those buffers: it is valid only until the next `read` call,
 * so the caller decodes (or copies) it first.
 */
export class RangeReader {
  /** Each holds a window in its upper half, [size - tail, 2·size): a row that runs past a window's end is copied in front of the next. */
  private readonly buffers: [Buffer, Buffer];
  /** Which buffer holds the window (-1: a buffer of its own, for a range longer than `size`). */
  private current = -1;
  private window: Buffer = Buffer.alloc(0);
  /** File offset of `window[0]`. */
  private start = 0;
  /** The read of the bytes just after the window into the other buffer's upper half: how many came. */
  private ahead: Promise<number> | undefined;

  constructor(
    private readonly handle: FileHandle,
    private readonly size = 1 << 20,
  ) {
    this.buffers = [Buffer.allocUnsafe(2 * size), Buffer.allocUnsafe(2 * size)];
  }

  async read(start: number, end: number): Promise<Buffer> {
    const windowEnd = this.start + this.window.length;
    if (start >= this.start && end <= windowEnd) return this.window.subarray(start - this.start, end - this.start);
    const ahead = this.ahead;
    this.ahead = undefined;
    const next = this.current === 0 ? 1 : 0;
    const got = ahead ? await ahead : 0;
    const tail = windowEnd - start;
    if (ahead && start >= this.start && tail >= 0 && tail <= this.size && end <= windowEnd + got) {
      // The range starts in this window and ends in the one read ahead: the two meet in one buffer.
      const spare = this.buffers[next];
      this.window.copy(spare, this.size - tail, start - this.start);
      this.use(next, spare.subarray(this.size - tail, this.size + got), start);
      return this.window.subarray(0, end - start);
    }
    // Anywhere else (an episode whose rows are far apart): read from `start`.
    const length = end - start;
    const own = length > this.size;
    const target = own ? Buffer.allocUnsafe(length) : this.buffers[next].subarray(this.size);
    const { bytesRead } = await this.handle.read(target, 0, target.length, start);
    if (bytesRead < length) throw new Error('the file got shorter while it was read');
    this.use(own ? -1 : next, target.subarray(0, bytesRead), start);
    return this.window.subarray(0, length);
  }

  private use(buffer: number, window: Buffer, start: number): void {
    this.current = buffer;
    this.window = window;
    this.start = start;
    const spare = this.buffers[buffer === 0 ? 1 : 0].subarray(this.size);
    const read = this.handle.read(spare, 0, spare.length, start + window.length).then(
      (r) => r.bytesRead,
      () => 0, // read again (and the error reported) when the range is asked for
    );
    this.ahead = read;
  }
}
