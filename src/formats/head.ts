import { open } from 'node:fs/promises';

/** How much of a file format sniffers see: enough for a header or a first record. */
const HEAD_BYTES = 64 * 1024;

/**
 * The first `bytes` of a file as text, without a UTF-8 BOM. A multi-byte character cut at
 * the end becomes U+FFFD, which no sniffer depends on.
 */
export async function readHead(file: string, bytes = HEAD_BYTES): Promise<string> {
  const handle = await open(file, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buffer, 0, bytes, 0);
    return stripBom(buffer.subarray(0, bytesRead).toString('utf8'));
  } finally {
    await handle.close();
  }
}

export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}
