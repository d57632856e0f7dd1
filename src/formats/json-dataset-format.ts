import type { DatasetFormat, DecodeItem, DecodeOptions } from './format.js';
import { collectDecoded } from './decode-stream.js';
import { sniffJsonDataset, type JsonDatasetKind } from './mind2web/sniff.js';

/**
 * A JSON dataset format (Mind2Web, MT-Mind2Web, baby-agi): `.json`/`.jsonl` files told apart by
 * their first keys, decoded as a stream (`decodeFile` collects it for small files and tests).
 */
export const jsonDatasetFront = (name: JsonDatasetKind) => ({
  name,
  extensions: ['.json', '.jsonl'],
  sniff: (file: string, head: string) => sniffJsonDataset(file, head) === name,
});

export function jsonDatasetFormat(
  name: JsonDatasetKind,
  decodeStream: (file: string, options: DecodeOptions) => AsyncGenerator<DecodeItem>,
): DatasetFormat {
  return {
    ...jsonDatasetFront(name),
    decodeFile: (file, options) => collectDecoded(decodeStream(file, options)),
    decodeStream,
  };
}
