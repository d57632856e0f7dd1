import type { BrowserContext } from 'playwright';

/**
 * WebRTC is the one way out that request routing, the dead proxy and `--offline` do not see: a
 * page's peer connection sends STUN/TURN over UDP straight from the browser (page text in a
 * TURN username got out of snapshot mode and `--offline`). Wherever the network is sealed it is
 * switched off twice: the page cannot construct a peer connection (init script below), and the
 * browser is launched with a WebRTC IP-handling policy that sends no UDP except through a proxy
 * (there is none, or the dead one), for whatever the script misses.
 */
export const WEBRTC_SEALED_LAUNCH_ARG = '--force-webrtc-ip-handling-policy=disable_non_proxied_udp';

/** Whether a run's replays are sealed from the network: snapshot mode, `--offline`, `--har`. */
export function networkSealed(o: { replayMode?: 'live' | 'snapshot'; offline?: boolean; har?: string }): boolean {
  return o.replayMode === 'snapshot' || o.offline === true || o.har !== undefined;
}

/**
 * Runs first in every frame (Playwright init scripts): deletes the WebRTC constructors. A frame a
 * script creates (`about:blank` iframe, `window.open('')`) can be reached before its own init
 * script runs, so the window is scrubbed again whenever a script gets hold of it that way.
 */
export const NO_WEBRTC_SCRIPT = `(() => {
  const names = ['RTCPeerConnection', 'webkitRTCPeerConnection', 'RTCDataChannel', 'RTCSessionDescription', 'RTCIceCandidate',
    'RTCRtpSender', 'RTCRtpReceiver', 'RTCRtpTransceiver', 'RTCDtlsTransport', 'RTCIceTransport', 'RTCSctpTransport',
    'RTCCertificate', 'RTCPeerConnectionIceEvent', 'RTCDataChannelEvent', 'RTCTrackEvent', 'RTCDTMFSender'];
  const scrub = (w) => {
    if (!w) return;
    for (const n of names) {
      try { delete w[n]; } catch {}
      try { if (n in w) Object.defineProperty(w, n, { value: undefined, writable: false, configurable: false }); } catch {}
    }
  };
  scrub(self);
  if (typeof window === 'undefined') return;
  const guard = (proto, prop, toWindow) => {
    const d = proto && Object.getOwnPropertyDescriptor(proto, prop);
    if (!d || !d.get) return;
    const get = d.get;
    Object.defineProperty(proto, prop, { ...d, get() { const v = get.call(this); try { scrub(toWindow(v)); } catch {} return v; } });
  };
  for (const C of [window.HTMLIFrameElement, window.HTMLFrameElement, window.HTMLObjectElement]) {
    if (!C) continue;
    guard(C.prototype, 'contentWindow', (v) => v);
    guard(C.prototype, 'contentDocument', (v) => v && v.defaultView);
  }
  const open = window.open;
  window.open = function (...args) { const w = open.apply(this, args); try { scrub(w); } catch {} return w; };
})();`;

/** Adds the init script to a sealed context (before any page of it opens). */
export async function disableWebRtc(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: NO_WEBRTC_SCRIPT });
}
