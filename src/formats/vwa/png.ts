import { closeSync, openSync, readSync } from 'node:fs';
import type { Viewport } from '../../ir/target.js';

const SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * Width and height from a PNG's IHDR chunk (bytes 16–23). VWA screenshots are viewport-only
 * with device scale factor 1, so their size is the recorded viewport.
 */
function pngSize(bytes: Uint8Array): Viewport | undefined {
  if (bytes.length < 24 || SIGNATURE.some((b, i) => bytes[i] !== b)) return undefined;
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (String.fromCharCode(...bytes.subarray(12, 16)) !== 'IHDR') return undefined;
  const width = view.getUint32(16);
  const height = view.getUint32(20);
  return width > 0 && height > 0 ? { width, height } : undefined;
}

/** The size of a PNG file, reading only its header; undefined for anything unreadable or not PNG. */
export function pngFileSize(path: string): Viewport | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(path, 'r');
    const head = Buffer.alloc(24);
    readSync(fd, head, 0, 24, 0);
    return pngSize(head);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/** The size of a base64 PNG (or a `data:image/png;base64,` URL) from its first characters. */
export function pngBase64Size(data: string): Viewport | undefined {
  const b64 = data
    .replace(/^data:image\/\w+;base64,/, '')
    .replace(/\s+/g, '')
    .slice(0, 32);
  if (b64.length < 32) return undefined;
  return pngSize(Buffer.from(b64, 'base64'));
}
