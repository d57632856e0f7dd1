import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import { RangeReader } from '../../src/formats/range-reader.js';

// rpaweb rows are read back through RangeReader (a window read ahead into two buffers used in
// turn): every range must come back as the file's bytes, in file order or not, short or long.
test('RangeReader gives the bytes of every range: in order, backwards, across windows, longer than a window', async () => {
  const file = test.info().outputPath('rows.bin');
  const data = Buffer.alloc(5000);
  for (let k = 0; k < data.length; k++) data[k] = (k * 7 + (k >> 8)) & 0xff;
  writeFileSync(file, data);
  const handle = await open(file, 'r');
  try {
    const reader = new RangeReader(handle, 64);
    const check = async (start: number, end: number) => {
      const got = Buffer.from(await reader.read(start, end)); // copied: valid only until the next read
      expect(got.equals(data.subarray(start, end)), `${start}..${end}`).toBe(true);
    };
    // Rows in file order, some running past a window's end into the one read ahead.
    for (let at = 0; at < data.length;) {
      const end = Math.min(data.length, at + 1 + ((at * 13) % 50));
      await check(at, end);
      at = end;
    }
    await check(4000, 4100); // longer than a window
    await check(4100, 4110);
    await check(10, 20); // back to the start
    await check(3000, 3063);
    await check(2990, 3001); // just before the window
    await check(4990, 5000); // the end of the file
    await expect(reader.read(4990, 5001)).rejects.toThrow('the file got shorter while it was read');
  } finally {
    await handle.close();
  }
});
