import { closeSync, openSync, readSync } from 'node:fs';

/**
 * Dataset files are read as UTF-8 (a UTF-8 BOM is skipped). A file saved as UTF-16 or UTF-32 —
 * Windows tools do that — reads as NULs and garbage that no sniffer claims, which used to end
 * in "no known dataset file found" even with `--format`. Such a file is named with its
 * encoding and what to do, instead.
 */
export function encodingProblem(file: string): string | undefined {
  const head = Buffer.alloc(64);
  let n = 0;
  try {
    const fd = openSync(file, 'r');
    try {
      n = readSync(fd, head, 0, head.length, 0);
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined; // unreadable: said elsewhere
  }
  const b = head.subarray(0, n);
  const named = (encoding: string) =>
    `the file is ${encoding} text: dataset files are read as UTF-8; convert it (e.g. \`iconv -f ${encoding.split(' ')[0]} -t UTF-8\`)`;
  if (b.length >= 4 && b[0] === 0xff && b[1] === 0xfe && b[2] === 0 && b[3] === 0) return named('UTF-32LE');
  if (b.length >= 4 && b[0] === 0 && b[1] === 0 && b[2] === 0xfe && b[3] === 0xff) return named('UTF-32BE');
  if (b.length >= 2 && b[0] === 0xff && b[1] === 0xfe) return named('UTF-16LE (with BOM)');
  if (b.length >= 2 && b[0] === 0xfe && b[1] === 0xff) return named('UTF-16BE (with BOM)');
  // No BOM: ASCII-range text in UTF-16 has a NUL in every other byte.
  if (b.length >= 8) {
    const pairs = Math.floor(b.length / 2);
    let oddNul = 0,
      evenNul = 0;
    for (let i = 0; i < pairs * 2; i += 2) {
      if (b[i] === 0) evenNul++;
      if (b[i + 1] === 0) oddNul++;
    }
    if (oddNul >= pairs * 0.9 && evenNul === 0) return named('UTF-16LE');
    if (evenNul >= pairs * 0.9 && oddNul === 0) return named('UTF-16BE');
  }
  return undefined;
}
