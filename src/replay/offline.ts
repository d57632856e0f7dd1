import { existsSync } from 'node:fs';
import type { BrowserContext } from 'playwright';
import { disableWebRtc } from './sandbox/webrtc.js';

/** `--offline` / `--har`: a live replay that sends nothing off the machine. */
export interface OfflineOptions {
  /** Abort every request (and WebSocket) to a host that is not loopback. */
  offline?: boolean;
  /** Answer requests from this HAR file (Playwright routeFromHAR); a request it lacks is aborted. */
  har?: string;
}

/**
 * Seals one episode's context. Routes added later win in Playwright, so the HAR (when given)
 * answers first and aborts what it does not have; the loopback guard under it catches the rest
 * when there is no HAR. Service workers are blocked at context creation (they would bypass
 * routing; see `offlineContextOptions`).
 */
export async function sealLive(context: BrowserContext, o: OfflineOptions): Promise<void> {
  if (o.offline) {
    await context.route(
      () => true,
      (route) => (isLoopback(route.request().url()) ? route.fallback() : route.abort('blockedbyclient')),
    );
    await context.routeWebSocket(
      () => true,
      (ws) => (isLoopback(ws.url()) ? ws.connectToServer() : ws.close({ code: 1008, reason: 'replaywright --offline' })),
    );
  }
  if (o.har) await context.routeFromHAR(o.har, { notFound: 'abort' });
  if (o.offline || o.har) await disableWebRtc(context);
}

export function offlineContextOptions(o: OfflineOptions): { serviceWorkers?: 'block' } {
  return o.offline || o.har ? { serviceWorkers: 'block' } : {};
}

/** Whether a URL stays on this machine: loopback hosts, and in-page schemes with no host. */
export function isLoopback(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  if (u.protocol === 'data:' || u.protocol === 'blob:' || u.protocol === 'about:') return true;
  if (!/^(https?|wss?):$/.test(u.protocol)) return false;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host.endsWith('.localhost') || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host);
}

/** A usage problem with `--har`, or undefined. */
export function harProblem(har: string | undefined): string | undefined {
  if (har === undefined) return undefined;
  return existsSync(har) ? undefined : `--har ${har}: no such file`;
}
