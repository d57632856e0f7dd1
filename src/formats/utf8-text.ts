import { isAscii, isUtf8, transcode } from 'node:buffer';

/**
 * UTF-8 bytes as a string, the same string `bytes.toString('utf8')` gives, faster for the
 * multi-megabyte records datasets have: ASCII is copied as latin1 (no decoding at all), and
 * valid UTF-8 with some non-ASCII goes through ICU's transcoder to UTF-16, several times faster
 * than Node's UTF-8 string decoder on large inputs. Invalid UTF-8 takes the plain decoder, which
 * reads bad bytes as U+FFFD as before.
 */
export function utf8Text(bytes: Buffer): string {
  if (isAscii(bytes)) return bytes.toString('latin1');
  return nonAsciiText(bytes, bytes.length >= TRANSCODE_FROM && isUtf8(bytes));
}

/**
 * utf8Text for bytes that are not all ASCII. `valid`: they are known to be UTF-8 (a caller that
 * must check anyway, to report bad bytes, need not have them checked twice); false when they are
 * not, or were not checked (utf8Text leaves short ones unchecked): the plain decoder reads them.
 */
export function nonAsciiText(bytes: Buffer, valid: boolean): string {
  if (valid && bytes.length >= TRANSCODE_FROM) {
    try {
      return transcode(bytes, 'utf8', 'utf16le').toString('utf16le');
    } catch {
      // A Node built without ICU has no transcoder: the plain decoder below.
    }
  }
  return bytes.toString('utf8');
}

/** Below this many bytes the plain decoder is as fast (the transcoder allocates a second buffer). */
const TRANSCODE_FROM = 4096;
