// `make serve`: the repository root on http://127.0.0.1:PORT/, with the MIME types the page needs
// (application/wasm above all) and the two headers that make a page cross-origin isolated
// (Cross-Origin-Opener-Policy: same-origin, Cross-Origin-Embedder-Policy: require-corp), so
// that `crossOriginIsolated` is true and the pool shares the pattern databases' bytes in one
// SharedArrayBuffer (pool-databases.js). Everything the page loads is same-origin, which
// require-corp allows. `--no-isolation` serves without the two headers (what most static
// hosts do: the widget works there too, with a copy of the bytes per worker).
// Usage: node scripts/serve.mjs [--port 8000] [--host 127.0.0.1] [--no-isolation]
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(fileURLToPath(new URL('..', import.meta.url)));

const TYPES = {
  '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8', '.wasm': 'application/wasm', '.json': 'application/json', '.svg': 'image/svg+xml',
  '.png': 'image/png', '.txt': 'text/plain; charset=utf-8', '.ts': 'text/plain; charset=utf-8', '.md': 'text/plain; charset=utf-8',
  '.lua': 'text/plain; charset=utf-8', '.gz': 'application/gzip',
};

/** The headers that make a page served with them cross-origin isolated. */
export const ISOLATION_HEADERS = {
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-embedder-policy': 'require-corp',
};

/**
 * Serves `root` on `host`:`port` (0: a free port). `isolated(url)` says whether a response
 * carries the isolation headers (default: every one). Resolves to {url, close()}.
 * @param {{root?: string, port?: number, host?: string, isolated?: (url: URL) => boolean}} [settings]
 */
export async function serve({ root = ROOT, port = 0, host = '127.0.0.1', isolated = () => true } = {}) {
  const server = createServer(async (request, response) => {
    let url;
    try {
      url = new URL(request.url, 'http://x');
    } catch {
      response.writeHead(400).end();
      return;
    }
    let path;
    try {
      path = normalize(decodeURIComponent(url.pathname));
    } catch {
      response.writeHead(400).end();
      return;
    }
    let file = join(root, path);
    if (file !== root && !file.startsWith(root + '/')) { response.writeHead(403).end(); return; }
    try {
      if ((await stat(file)).isDirectory()) file = join(file, 'index.html');
      const body = await readFile(file);
      response.writeHead(200, {
        'content-type': TYPES[extname(file)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...(isolated(url) ? ISOLATION_HEADERS : {}),
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('not found');
    }
  });
  await new Promise((done, fail) => { server.once('error', fail); server.listen(port, host, done); });
  const address = server.address();
  return {
    url: `http://${host}:${address.port}/`,
    close: () => new Promise((done) => { server.closeAllConnections(); server.close(done); }),
  };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const option = (name, fallback) => (args.includes(name) ? args[args.indexOf(name) + 1] : fallback);
  const port = Number(option('--port', process.env.PORT ?? '8000'));
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    console.error(`serve: --port wants a port number (0 to 65535), not "${option('--port')}"`);
    process.exit(2);
  }
  const plain = args.includes('--no-isolation');
  const { url } = await serve({ port, host: option('--host', '127.0.0.1'), isolated: () => !plain });
  console.log(`Serving tilesearch at ${url} (${plain ? 'not cross-origin isolated' : 'cross-origin isolated: COOP same-origin, COEP require-corp'}); Ctrl-C stops it`);
}
