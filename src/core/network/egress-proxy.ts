import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { connect, type AddressInfo, type Socket } from 'node:net';
import { checkDestination, NetworkRefusal, type NetworkPolicy } from './address-policy';

/** A request the proxy refused, for an error that says why a navigation failed. */
export interface Refusal {
  readonly url: string;
  readonly reason: string;
  readonly at: number;
}

export interface EgressProxy {
  /** `http://127.0.0.1:<port>`, for the browser's proxy setting. */
  readonly url: string;
  /** Refusals since `since` (ms timestamp), newest last. */
  refusalsSince(since: number): readonly Refusal[];
  close(): Promise<void>;
}

const KEPT_REFUSALS = 50;
/** On the proxy's own answers: the request was refused by the policy, or the site could not be reached (its error code). */
export const REFUSED_HEADER = 'x-rehearse-refused';
export const UNREACHABLE_HEADER = 'x-rehearse-unreachable';
const HOP_BY_HOP = ['proxy-connection', 'proxy-authorization', 'connection', 'keep-alive', 'te', 'trailer', 'upgrade'];

/**
 * The browser's only way out when the policy keeps it off internal networks: every request of every page, frame, popup,
 * worker and redirect hop goes through here. Each destination is resolved and checked, and the connection is made to the
 * checked address itself, so a name that resolves differently a moment later (DNS rebinding) gains nothing.
 */
export async function startEgressProxy(policy: NetworkPolicy): Promise<EgressProxy> {
  const refusals: Refusal[] = [];
  const refuse = (url: string, reason: string) => {
    refusals.push({ url, reason, at: Date.now() });
    if (refusals.length > KEPT_REFUSALS) refusals.shift();
  };
  const sockets = new Set<Socket>();
  const server = createServer((request, response) => void forward(request, response));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  async function forward(request: IncomingMessage, response: ServerResponse): Promise<void> {
    let target: URL;
    try {
      target = new URL(request.url ?? '');
      if (target.protocol !== 'http:') throw new Error('not http');
    } catch {
      response.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end('Rehearse proxy: expected an absolute http URL');
      return;
    }
    let address: string;
    try {
      [address = ''] = await checkDestination(target, policy);
    } catch (error) {
      const reason = error instanceof NetworkRefusal ? error.message : 'refused';
      refuse(target.href, reason);
      response.writeHead(403, { 'content-type': 'text/plain; charset=utf-8', [REFUSED_HEADER]: '1' }).end(`Blocked by Rehearse: ${reason}`);
      return;
    }
    const headers = { ...request.headers };
    for (const name of HOP_BY_HOP) delete headers[name];
    const upstream = httpRequest({
      host: address, port: Number(target.port || 80), method: request.method, path: `${target.pathname}${target.search}`, headers,
      setHost: false,
    }, (reply) => {
      reply.on('error', () => response.destroy());
      const replyHeaders = { ...reply.headers };
      for (const name of HOP_BY_HOP) delete replyHeaders[name];
      response.writeHead(reply.statusCode ?? 502, reply.statusMessage, replyHeaders);
      reply.pipe(response);
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      // Marked, so that navigate reports the site as unreachable rather than as a page that answered 502.
      if (!response.headersSent) response.writeHead(502, { 'content-type': 'text/plain; charset=utf-8', [UNREACHABLE_HEADER]: error.code ?? 'error' }).end('Rehearse proxy: the site could not be reached');
      else response.destroy();
    });
    response.on('close', () => upstream.destroy());
    response.on('error', () => upstream.destroy());
    request.on('error', () => upstream.destroy());
    request.pipe(upstream);
  }

  // https:// and ws(s):// go through CONNECT: the tunnel is opened to the checked address only.
  server.on('connect', (request: IncomingMessage, client: Socket, head: Buffer) => {
    client.on('error', () => undefined);
    void (async () => {
      const authority = request.url ?? '';
      let target: URL;
      try {
        target = new URL(`https://${authority}`);
      } catch {
        client.end('HTTP/1.1 400 Bad Request\r\n\r\n');
        return;
      }
      let address: string;
      try {
        [address = ''] = await checkDestination(target, policy);
      } catch (error) {
        refuse(`https://${authority}/`, error instanceof NetworkRefusal ? error.message : 'refused');
        client.end('HTTP/1.1 403 Forbidden\r\nx-rehearse-refused: 1\r\n\r\n');
        return;
      }
      const upstream = connect(Number(target.port || 443), address, () => {
        client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
        if (head.length) upstream.write(head);
        upstream.pipe(client);
        client.pipe(upstream);
      });
      upstream.on('error', () => client.end('HTTP/1.1 502 Bad Gateway\r\n\r\n'));
      client.on('error', () => upstream.destroy());
      client.on('close', () => upstream.destroy());
    })();
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    refusalsSince: (since) => refusals.filter((refusal) => refusal.at >= since),
    close: () => new Promise<void>((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
