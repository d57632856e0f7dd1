import { createWriteStream, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Download } from 'playwright';

/**
 * Saves a download the recording expects, at most `maxBytes` of it (`--max-artifact-bytes`): the
 * bytes are streamed to disk and, past the cap, the download is cancelled and the file kept cut
 * short — a hostile page's 400 MB download must not fill the disk. Returns the path and, when
 * cut, the note for the step.
 */
export async function saveDownload(
  download: Download,
  dir: string,
  n: number,
  maxBytes: number | undefined,
): Promise<{ path: string; note?: string }> {
  mkdirSync(dir, { recursive: true });
  const name =
    download
      .suggestedFilename()
      .replace(/[/\\\0]/g, '_')
      .replace(/^\.+$/, '_') || `download-${n}`;
  const path = join(dir, `${n}-${name}`);
  if (maxBytes === undefined) {
    await download.saveAs(path);
    return { path };
  }
  const source = await download.createReadStream();
  const sink = createWriteStream(path);
  let written = 0;
  let cut = false;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      const room = maxBytes - written;
      const part = chunk.length > room ? chunk.subarray(0, Math.max(0, room)) : chunk;
      if (part.length && !sink.write(part)) await new Promise<void>((r) => sink.once('drain', () => r()));
      written += part.length;
      if (chunk.length > room) {
        cut = true;
        break;
      }
    }
  } finally {
    source.destroy();
    await new Promise<void>((resolve) => sink.end(() => resolve()));
  }
  if (!cut) return { path };
  await download.cancel().catch(() => undefined);
  return { path, note: `download "${name}" cut at ${written} bytes (--max-artifact-bytes ${maxBytes}): the saved file is incomplete` };
}
