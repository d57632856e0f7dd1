import { createSocket } from 'node:dgram';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the log server saw: method, path and body. */
export interface Logged {
  method: string;
  url: string;
  body: string;
}

export interface LogServer {
  url: string;
  port: number;
  log: Logged[];
  /** Everything the server received, as one string (to search for leaked text). */
  readonly seen: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1 that serves the given pages (path → HTML, or a function of the
 * request) and logs every request it receives with its body: what a hostile page exfiltrates
 * shows up here.
 */
export async function logServer(pages: Record<string, string | ((res: import('node:http').ServerResponse) => void)>): Promise<LogServer> {
  const log: Logged[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      log.push({ method: req.method ?? '', url: req.url ?? '', body: Buffer.concat(chunks).toString('latin1') });
      const page = pages[(req.url ?? '/').split('?')[0]!];
      if (typeof page === 'function') return page(res);
      if (page === undefined) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    log,
    get seen() {
      return log.map((l) => `${l.method} ${l.url}\n${l.body}`).join('\n');
    },
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

export interface UdpListener {
  port: number;
  /** Every datagram received, as latin1 text. */
  received: string[];
  close(): Promise<void>;
}

/** A UDP socket on 127.0.0.1 that keeps whatever arrives (a TURN allocation carries its username in clear). */
export async function udpListener(): Promise<UdpListener> {
  const socket = createSocket('udp4');
  const received: string[] = [];
  socket.on('message', (msg) => received.push(msg.toString('latin1')));
  await new Promise<void>((r) => socket.bind(0, '127.0.0.1', () => r()));
  return { port: socket.address().port, received, close: () => new Promise<void>((r) => socket.close(() => r())) };
}
