import type { DatasetFormat, DecodeItem, Decoded, DecodeOptions } from './format.js';

/** A file's decode as a stream: the format's own stream, else its whole-file decode replayed as one. */
export async function* decodeItems(format: DatasetFormat, file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
  if (format.decodeStream) {
    yield* format.decodeStream(file, options);
    return;
  }
  const decoded = await format.decodeFile(file, options);
  for (let i = 0; i < decoded.recordsRead; i++) yield { kind: 'record' };
  for (const problem of decoded.problems) yield { kind: 'problem', problem };
  for (const rejected of decoded.rejected) yield { kind: 'rejected', rejected };
  for (const episode of decoded.episodes) yield { kind: 'episode', episode };
}

/** A streamed decode gathered into one `Decoded` (what `decodeFile` returns). */
export async function collectDecoded(items: AsyncIterable<DecodeItem>): Promise<Decoded> {
  const out: Decoded = { episodes: [], rejected: [], problems: [], recordsRead: 0 };
  for await (const item of items) {
    if (item.kind === 'episode') out.episodes.push(item.episode);
    else if (item.kind === 'rejected') out.rejected.push(item.rejected);
    else if (item.kind === 'problem') out.problems.push(item.problem);
    else out.recordsRead++;
  }
  return out;
}
