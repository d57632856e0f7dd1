import { readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib';
import type { Redactor } from '../secrets.js';

/**
 * Rewrites a zip (a Playwright trace) with every entry's bytes passed through the redactor.
 * A trace holds what the replay typed in several places — the fill's params in `trace.trace`,
 * the input's value in every later DOM snapshot, form posts in `trace.network` — so rather than
 * chase each, the whole archive is scrubbed. Returns false, having removed the file, when the
 * archive is one this reader does not handle (zip64, encryption): a trace that may hold a secret
 * is not kept.
 */
export function scrubZip(path: string, redactor: Redactor): boolean {
  if (!redactor.active) return true;
  let entries: { name: Buffer; data: Buffer }[];
  try {
    entries = readEntries(readFileSync(path));
  } catch {
    rmSync(path, { force: true });
    return false;
  }
  const tmp = `${path}.scrubbing`;
  try {
    writeFileSync(tmp, writeZip(entries.map((e) => ({ name: e.name, data: redactor.scrubBytes(e.data) }))));
    renameSync(tmp, path);
    return true;
  } catch {
    rmSync(tmp, { force: true });
    rmSync(path, { force: true });
    return false;
  }
}

function readEntries(buf: Buffer): { name: Buffer; data: Buffer }[] {
  const eocd = buf.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (eocd < 0) throw new Error('not a zip archive');
  const count = buf.readUInt16LE(eocd + 10);
  let at = buf.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) throw new Error('zip64 archives are not handled');
  const entries: { name: Buffer; data: Buffer }[] = [];
  for (let i = 0; i < count; i++) {
    if (buf.readUInt32LE(at) !== 0x02014b50) throw new Error(`bad central directory entry ${i}`);
    const flags = buf.readUInt16LE(at + 8);
    const method = buf.readUInt16LE(at + 10);
    const size = buf.readUInt32LE(at + 20);
    const nameLength = buf.readUInt16LE(at + 28);
    const extra = buf.readUInt16LE(at + 30);
    const comment = buf.readUInt16LE(at + 32);
    const local = buf.readUInt32LE(at + 42);
    if (flags & 1) throw new Error('encrypted entry');
    if (size === 0xffffffff || local === 0xffffffff) throw new Error('zip64 entry');
    const name = Buffer.from(buf.subarray(at + 46, at + 46 + nameLength));
    const dataAt = local + 30 + buf.readUInt16LE(local + 26) + buf.readUInt16LE(local + 28);
    const raw = buf.subarray(dataAt, dataAt + size);
    if (method !== 0 && method !== 8) throw new Error(`compression method ${method}`);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw) });
    at += 46 + nameLength + extra + comment;
  }
  return entries;
}

/** Time 00:00 (low half), date 1980-01-01 (high half): the earliest valid DOS timestamp. */
const DOS_1980_01_01 = 0x0021 << 16;

/**
 * The run of fields the local and the central header of an entry share, in the same order
 * (local at 4, central at 6, after its "version made by"): version needed 2.0, flags (UTF-8
 * name), method deflate, the timestamp, CRC-32, packed and unpacked size, name length.
 */
function writeEntryFields(header: Buffer, at: number, f: { crc: number; packed: number; size: number; name: number }): void {
  header.writeUInt16LE(20, at);
  header.writeUInt16LE(0x0800, at + 2);
  header.writeUInt16LE(8, at + 4);
  header.writeUInt32LE(DOS_1980_01_01, at + 6);
  header.writeUInt32LE(f.crc, at + 10);
  header.writeUInt32LE(f.packed, at + 14);
  header.writeUInt32LE(f.size, at + 18);
  header.writeUInt16LE(f.name, at + 22);
}

/** A plain zip: every entry deflated, UTF-8 names, one fixed timestamp. */
function writeZip(entries: { name: Buffer; data: Buffer }[]): Buffer {
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const packed = deflateRawSync(e.data);
    const crc = crc32(e.data);
    const fields = { crc, packed: packed.length, size: e.data.length, name: e.name.length };
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    writeEntryFields(local, 4, fields);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    writeEntryFields(central, 6, fields);
    central.writeUInt32LE(offset, 42);
    locals.push(local, e.name, packed);
    centrals.push(central, e.name);
    offset += local.length + e.name.length + packed.length;
  }
  if (entries.length > 0xfffe || offset > 0xfffffffe) throw new Error('too big for a plain zip');
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
