import { utf8Text } from './utf8-text.js';

/**
 * A JSON string value left undecoded: its raw bytes in the file, quotes included, already
 * checked to be a well-formed JSON string (escapes, no raw control characters). Mind2Web's
 * raw_html/cleaned_html are hundreds of KB per step and most of a shard; decoding them into JS
 * strings at read time costs more than JSON.parse of the whole record, and nothing needs them
 * until a step is replayed. `text()` decodes them then.
 */
export class JsonStringBytes {
  constructor(readonly bytes: Buffer) {}

  /**
   * The same string with bytes of its own: `bytes` is a view into the record it was read from
   * (with cleaned_html and candidates in it), which a step kept for later must not keep alive.
   * Bytes that are already a whole buffer of their own (copied when read) are not copied again.
   */
  detached(): JsonStringBytes {
    const own = this.bytes.byteOffset === 0 && this.bytes.length === this.bytes.buffer.byteLength;
    return own ? this : new JsonStringBytes(Buffer.from(this.bytes));
  }

  /** The decoded string (the same string JSON.parse would have given). */
  text(): string {
    return JSON.parse(utf8Text(this.bytes)) as string;
  }
}

/**
 * Gives `target[key]` the decoded text of `value`, decoded on first read (then kept as a plain
 * value, and the bytes let go). Enumerable, so spreads, JSON.stringify and structured clone
 * (worker threads) see an ordinary string property.
 */
export function defineLazyText<T extends object>(target: T, key: string, value: JsonStringBytes): T {
  const settle = (v: unknown) => Object.defineProperty(target, key, { value: v, writable: true, enumerable: true, configurable: true });
  Object.defineProperty(target, key, {
    enumerable: true,
    configurable: true,
    get() {
      const text = value.text();
      settle(text);
      return text;
    },
    set: settle,
  });
  return target;
}

/** Whether `target[key]` is a not-yet-decoded lazy text (reading it would decode it). */
export function isLazyText(target: object, key: string): boolean {
  return typeof Object.getOwnPropertyDescriptor(target, key)?.get === 'function';
}

/** A shallow copy of `target` without reading its lazy texts: each is `''` in the copy. */
export function withoutLazyText<T extends object>(target: T): T {
  const out: Record<string, unknown> = {};
  for (const [k, d] of Object.entries(Object.getOwnPropertyDescriptors(target))) {
    if (d.enumerable) out[k] = d.get ? '' : d.value;
  }
  return out as T;
}
