import { expect, test } from '@playwright/test';
import { utf8Text } from '../../src/formats/utf8-text.js';

// The decoders read multi-megabyte records through utf8Text for speed: it must give exactly
// the string Node's own UTF-8 decoder gives, bad bytes (U+FFFD) included.
test('utf8Text is Buffer#toString("utf8") for ASCII, multi-byte and invalid UTF-8, small and large', () => {
  const samples: Buffer[] = [];
  for (const size of [0, 10, 4095, 4096, 70_000]) {
    const ascii = 'raw_html <div class="row">Listing</div>\n'.repeat(Math.ceil(size / 40)).slice(0, size);
    samples.push(Buffer.from(ascii));
    samples.push(Buffer.from(ascii + 'é — € 😀 中文' + ascii));
    const bad = Buffer.from(ascii + 'xx' + ascii);
    bad[Math.floor(bad.length / 2)] = 0xff; // not UTF-8 anywhere
    samples.push(bad);
    samples.push(Buffer.concat([Buffer.from(ascii), Buffer.from([0xe2, 0x82])])); // a sequence cut short at the end
  }
  for (const [i, b] of samples.entries()) expect(utf8Text(b), `sample ${i} (${b.length} bytes)`).toBe(b.toString('utf8'));
});
