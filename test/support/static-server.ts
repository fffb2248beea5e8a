import { createReadStream, statSync } from 'node:fs';
import path from 'node:path';
import { listenOnLoopback, type LoopbackServer } from './listen';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8',
  '.json': 'application/json', '.png': 'image/png', '.svg': 'image/svg+xml', '.ico': 'image/x-icon',
};

/** The source tree's test/fixtures folder (tests run from out/, fixtures stay where they are written). */
export const FIXTURES_DIR = path.resolve(__dirname, '..', '..', '..', 'test', 'fixtures');

/** Serves a folder on 127.0.0.1. Only files inside the folder are served. */
export async function serveFolder(root: string): Promise<LoopbackServer> {
  const base = path.resolve(root);
  return listenOnLoopback((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    let file = path.resolve(base, `.${decodeURIComponent(url.pathname)}`);
    if (!file.startsWith(base + path.sep) && file !== base) {
      response.writeHead(403).end();
      return;
    }
    try {
      if (statSync(file).isDirectory()) file = path.join(file, 'index.html');
      statSync(file);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end(`not found: ${url.pathname}`);
      return;
    }
    response.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream', 'cache-control': 'no-store' });
    createReadStream(file).pipe(response);
  });
}
