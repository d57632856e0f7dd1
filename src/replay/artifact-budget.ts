import { writeFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * Default `--max-artifact-bytes`: what one step may keep on disk (recorded and live screenshots,
 * the diff, HTML dumps). A few full-page PNGs and a large page's HTML fit; a Mind2Web raw_html of
 * tens of MB, repeated on every diverged step of a long run, does not.
 */
export const DEFAULT_MAX_ARTIFACT_BYTES = 16 * 1024 * 1024;

/**
 * The bytes one step may write. Artifacts are written in the order offered while they fit; one
 * that would go over is not written, and `note` says which and why (for the step's notes).
 */
export class ArtifactBudget {
  private used = 0;
  private readonly dropped: string[] = [];

  constructor(private readonly maxBytes: number = DEFAULT_MAX_ARTIFACT_BYTES) {}

  /** Writes `data` to `file` when it fits; true when written. */
  write(file: string, data: string | Uint8Array): boolean {
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    if (this.used + size > this.maxBytes) {
      this.dropped.push(`${basename(file)} (${size} bytes)`);
      return false;
    }
    writeFileSync(file, data);
    this.used += size;
    return true;
  }

  /** The note for the step, when something was not written. */
  note(): string | undefined {
    return this.dropped.length
      ? `not written (over --max-artifact-bytes ${this.maxBytes} for this step): ${this.dropped.join(', ')}`
      : undefined;
  }
}
