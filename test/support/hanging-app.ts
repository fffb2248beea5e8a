import { createServer, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A page server that answers its first page, then nothing at all (a hung request) for `/next`. */
export async function hangingApp(): Promise<{ origin: string; close: () => Promise<void> }> {
  const held = new Set<ServerResponse>();
  const server: Server = createServer((request, response) => {
    if (request.url === '/next') {
      held.add(response);
      return;
    }
    response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>Start</title><h1>Start</h1><a href="/next">Next</a>');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
