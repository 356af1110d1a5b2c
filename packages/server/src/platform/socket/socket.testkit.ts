import WebSocket from 'ws';
import type { FastifyInstance } from 'fastify';

/** Test helpers for the sockets: Node 20 has no global WebSocket, so tests use the `ws` client. */

export type TestSocket = {
  ws: WebSocket;
  /** every text message received so far, parsed */
  messages: unknown[];
  /** the subprotocol the server accepted */
  protocol: string;
  /** waits for the next message not yet taken by an earlier `next()`; with `where`, skips the others */
  next: (timeoutMs?: number, where?: (msg: Record<string, unknown>) => boolean) => Promise<Record<string, unknown>>;
  /** resolves with the close code and reason */
  closed: Promise<{ code: number; reason: string }>;
  send: (data: unknown) => void;
  close: () => void;
};

export async function listenLocal(app: FastifyInstance): Promise<string> {
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  return address.replace(/^http/, 'ws');
}

/** Opens a socket and waits until it is open (a refused upgrade rejects). */
export function connect(url: string, protocols?: string[]): Promise<TestSocket> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, protocols);
    const messages: unknown[] = [];
    let taken = 0;
    const waiters: (() => void)[] = [];
    ws.on('message', (data) => {
      messages.push(JSON.parse(data.toString()));
      for (const w of waiters.splice(0)) w();
    });
    const closed = new Promise<{ code: number; reason: string }>((done) => ws.once('close', (code, reason) => done({ code, reason: reason.toString() })));
    const socket: TestSocket = {
      ws,
      messages,
      get protocol() {
        return ws.protocol;
      },
      next: (timeoutMs = 3000, where) =>
        new Promise((ok, fail) => {
          let done = false;
          const timer = setTimeout(() => {
            done = true;
            fail(new Error('no message within the time limit'));
          }, timeoutMs);
          const attempt = () => {
            if (done) return;
            while (messages.length > taken) {
              const msg = messages[taken++] as Record<string, unknown>;
              if (where && !where(msg)) continue;
              done = true;
              clearTimeout(timer);
              ok(msg);
              return;
            }
            waiters.push(attempt);
          };
          attempt();
        }),
      closed,
      send: (data) => ws.send(typeof data === 'string' ? data : JSON.stringify(data)),
      close: () => ws.close(),
    };
    ws.once('open', () => resolve(socket));
    ws.once('error', reject);
  });
}

/** Opens a socket that the server accepts and then closes at once; resolves with the close code. */
export async function refusedWith(url: string, protocols?: string[]): Promise<number> {
  const socket = await connect(url, protocols);
  return (await socket.closed).code;
}

export const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));
