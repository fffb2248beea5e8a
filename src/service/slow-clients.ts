import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export interface SlowClientLimits {
  /** Time for a request's headers, from the connection (or from the previous response on a kept-alive one), in ms. */
  readonly headersTimeoutMs: number;
  /** Time for the whole request, its body included, from the same moment, in ms. */
  readonly requestTimeoutMs: number;
}

/**
 * Runs `cut` once the input waiting for the service has been read: a timer fires in the event loop's timer phase, before
 * the bytes that arrived while the service was busy (their phase comes next), and those may be the request on time.
 */
const afterWaitingInput = (cut: () => void) => void setImmediate(cut);

const CLOSE_408 = 'HTTP/1.1 408 Request Timeout\r\nconnection: close\r\ncontent-length: 0\r\n\r\n';

/**
 * Cuts off a client that sends its headers or its body too slowly, each connection on timers of its own. Node's own
 * limits (`headersTimeout`, `requestTimeout`) are checked by one sweep over every connection, which under hundreds of
 * trickling sockets was seen to cut none of them in time; here each connection is cut the moment its time is up, and
 * the others are served meanwhile.
 */
export function cutSlowClients(server: Server, limits: SlowClientLimits): void {
  const timers = new WeakMap<Socket, { headers?: NodeJS.Timeout; request?: NodeJS.Timeout; since: number }>();
  const clear = (socket: Socket) => {
    const timer = timers.get(socket);
    clearTimeout(timer?.headers);
    clearTimeout(timer?.request);
  };
  const awaitRequest = (socket: Socket) => {
    clear(socket);
    const since = Date.now();
    const waiting = {
      since,
      headers: setTimeout(() => afterWaitingInput(() => {
        // A request whose headers were waiting to be read has started meanwhile: it is not late.
        if (timers.get(socket) !== waiting || socket.destroyed) return;
        if (socket.writable) socket.end(CLOSE_408);
        socket.destroy();
      }), limits.headersTimeoutMs).unref(),
    };
    timers.set(socket, waiting);
  };
  server.on('connection', (socket: Socket) => {
    awaitRequest(socket);
    socket.once('close', () => clear(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const since = timers.get(socket)?.since ?? Date.now();
    clear(socket);
    const bodyDone = () => clearTimeout(timers.get(socket)?.request);
    if (!request.complete) {
      timers.set(socket, {
        since,
        request: setTimeout(() => afterWaitingInput(() => {
          if (request.complete || socket.destroyed) return;
          if (!response.headersSent) response.writeHead(408, { connection: 'close', 'content-type': 'application/json' }).end(JSON.stringify({ success: false, error: { code: 'RequestTimeout', message: `The request's body did not arrive within ${limits.requestTimeoutMs} ms.` } }));
          socket.destroy();
        }), Math.max(0, limits.requestTimeoutMs - (Date.now() - since))).unref(),
      });
      request.once('end', bodyDone);
    }
    // A kept-alive connection waits for its next request's headers under the same limit.
    response.once('finish', () => {
      bodyDone();
      if (!socket.destroyed) awaitRequest(socket);
    });
  });
}
