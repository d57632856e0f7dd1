/** One MIME part of an MHTML archive, its body decoded. */
export interface MhtmlPart {
  contentType: string;
  /** `Content-Location`: an absolute URL, or `cid:…` for parts only the archive refers to. */
  location?: string;
  /** `Content-ID` without the angle brackets. */
  id?: string;
  body: Buffer;
}

export interface Mhtml {
  /** `Snapshot-Content-Location`: the URL of the saved page. */
  snapshotLocation?: string;
  parts: MhtmlPart[];
}

/**
 * Unpacks an MHTML archive (what Chromium's `Page.captureSnapshot` writes, Mind2Web's raw-dump
 * `*_before.mhtml`): its MIME parts, quoted-printable and base64 bodies decoded. Pure; throws a
 * plain Error naming what is wrong when the file is not MHTML.
 */
export function parseMhtml(data: Buffer): Mhtml {
  const text = data.toString('latin1'); // bytes kept one to one; bodies are re-encoded per part
  const headEnd = blankLine(text, 0);
  if (headEnd === undefined) throw new Error('not MHTML: no blank line after the headers');
  const head = headers(text.slice(0, headEnd.at));
  const boundary = /boundary\s*=\s*"?([^";\r\n]+)"?/i.exec(head.get('content-type') ?? '')?.[1];
  if (!/multipart\/related/i.test(head.get('content-type') ?? '') || !boundary)
    throw new Error('not MHTML: no multipart/related Content-Type with a boundary');
  const parts: MhtmlPart[] = [];
  const chunks = text.slice(headEnd.next).split(`--${boundary}`);
  for (const chunk of chunks.slice(1)) {
    if (chunk.startsWith('--')) break; // the closing delimiter
    const end = blankLine(chunk, 0);
    if (end === undefined) continue;
    const h = headers(chunk.slice(0, end.at));
    let body = chunk.slice(end.next).replace(/\r?\n$/, '');
    const encoding = (h.get('content-transfer-encoding') ?? '').toLowerCase();
    const bytes =
      encoding === 'base64'
        ? Buffer.from(body.replace(/\s+/g, ''), 'base64')
        : encoding === 'quoted-printable'
          ? quotedPrintable((body = body.replace(/=\r?\n/g, '')))
          : Buffer.from(body, 'latin1');
    parts.push({
      contentType: (h.get('content-type') ?? 'application/octet-stream').split(';')[0]!.trim().toLowerCase(),
      location: h.get('content-location'),
      id: h.get('content-id')?.replace(/^<|>$/g, ''),
      body: bytes,
    });
  }
  if (parts.length === 0) throw new Error('not MHTML: no parts');
  return { snapshotLocation: head.get('snapshot-content-location'), parts };
}

function blankLine(text: string, from: number): { at: number; next: number } | undefined {
  const m = /\r?\n\r?\n/.exec(text.slice(from));
  return m ? { at: from + m.index, next: from + m.index + m[0].length } : undefined;
}

/** Header lines (folded ones joined), names lower case. */
function headers(block: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of block
    .replace(/^\s+/, '')
    .replace(/\r?\n[ \t]+/g, ' ')
    .split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) out.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return out;
}

function quotedPrintable(body: string): Buffer {
  const bytes: number[] = [];
  for (let i = 0; i < body.length; i++) {
    const c = body.charCodeAt(i);
    if (c === 0x3d && /^[0-9A-Fa-f]{2}$/.test(body.slice(i + 1, i + 3))) {
      bytes.push(parseInt(body.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(c & 0xff);
  }
  return Buffer.from(bytes);
}
