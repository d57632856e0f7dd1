import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';

/** What the registry knows of a format without loading its decoder: its name and how to recognise its files. */
export type FormatFront = Pick<DatasetFormat, 'name' | 'extensions' | 'sniff'>;

/**
 * A registry entry whose decoder module is imported the first time a file of that format is
 * decoded: sniffing a folder, `--help` or a run of one format never loads the other decoders
 * (the Mind2Web one brings an HTML parser). `streams` says whether the loaded format decodes as
 * a stream, so callers that ask `decodeStream` first still get the streaming path.
 */
export function lazyFormat(front: FormatFront, streams: boolean, load: () => Promise<DatasetFormat>): DatasetFormat {
  let loaded: Promise<DatasetFormat> | undefined;
  const decoder = () => (loaded ??= load());
  const entry: DatasetFormat = {
    ...front,
    decodeFile: async (file, options) => (await decoder()).decodeFile(file, options),
  };
  if (streams) {
    entry.decodeStream = async function* (file: string, options: DecodeOptions): AsyncGenerator<DecodeItem> {
      const format = await decoder();
      if (!format.decodeStream) throw new Error(`format ${format.name} has no streaming decoder`);
      yield* format.decodeStream(file, options);
    };
  }
  return entry;
}
