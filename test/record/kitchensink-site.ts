import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The cypress-example-kitchensink app (a dev dependency), served as its own `serve` does: `/commands/actions` is the .html. */
export const KITCHENSINK_APP = path.dirname(require.resolve('cypress-example-kitchensink/app/index.html'));

const TYPES: Readonly<Record<string, string>> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png', '.json': 'application/json' };

export async function serveKitchensink(host: '127.0.0.1' | 'localhost', app = KITCHENSINK_APP): Promise<{ origin: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    } catch {
      response.writeHead(400).end();
      return;
    }
    const candidates = [pathname, `${pathname}.html`, path.join(pathname, 'index.html')].map((candidate) => path.join(app, candidate));
    const file = candidates.find((candidate) => candidate.startsWith(app) && existsSync(candidate) && statSync(candidate).isFile());
    if (!file) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://${host}:${port}`,
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
