/**
 * Joins the pieces of a record that spans several reads into one buffer that is used again for
 * the next such record. A Mind2Web task (~1 MB with 256 KiB pages) spans two 1 MiB reads more
 * often than not, and a fresh buffer for each was a third of everything a shard decode
 * allocated: V8 collected garbage about every 30 MB of it.
 *
 * The joined bytes are valid only until the next `join`: whatever is kept from them must be
 * copied (the JSON stream's lazy strings are, when `reused` says so).
 */
export class JoinedBytes {
  private buffer = Buffer.alloc(0);

  constructor(
    /** Records longer than this get a buffer of their own, not kept after them. */
    private readonly keepAtMost = 64 << 20,
  ) {}

  join(pieces: readonly Buffer[], size: number): { bytes: Buffer; reused: boolean } {
    if (pieces.length === 1) return { bytes: pieces[0]!, reused: false };
    if (size > this.keepAtMost) return { bytes: Buffer.concat(pieces, size), reused: false };
    // Grown a MiB at a time, never more than the longest record so far needs.
    if (this.buffer.length < size) this.buffer = Buffer.allocUnsafe(Math.min(this.keepAtMost, Math.ceil(size / (1 << 20)) << 20));
    let at = 0;
    for (const piece of pieces) at += piece.copy(this.buffer, at);
    return { bytes: this.buffer.subarray(0, size), reused: true };
  }
}
