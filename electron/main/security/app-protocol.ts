// The renderer is served from `app://balcao/…`, not file://: a standard, secure origin of its
// own (so 'self' in the CSP means our bundle only), and the CSP travels as a response header,
// where a page cannot drop it. Only files under the renderer folder are ever served.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { ElectronModule } from '../electron-api';

export const APP_SCHEME = 'app';
export const APP_ORIGIN = 'app://balcao';
export const RENDERER_INDEX_URL = `${APP_ORIGIN}/index.html`;

/**
 * No eval, no remote origin, no network at all from the renderer (connect-src 'none': it talks
 * only through window.balcao). Inline style *attributes* are allowed for React's `style={…}`;
 * inline <style> and <script> elements are not.
 */
export const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "style-src-attr 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self'",
  "connect-src 'none'",
  "media-src 'none'",
  "object-src 'none'",
  "frame-src 'none'",
  "worker-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
  '.wav': 'audio/wav',
};

/** Must run before `app.whenReady()`: the scheme's privileges are fixed at start-up. */
export function registerAppScheme(e: Pick<ElectronModule, 'protocol'>): void {
  e.protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

/** The `app://` handler: a file of `rootDir` with its type and the CSP, else 404. */
export function appProtocolHandler(rootDir: string) {
  const root = path.resolve(rootDir);
  return async (request: Request): Promise<Response> => {
    const notFound = () => new Response('Not found', { status: 404, headers: headers('.txt') });
    let url: URL;
    try {
      url = new URL(request.url);
    } catch {
      return notFound();
    }
    if (url.protocol !== `${APP_SCHEME}:` || url.host !== 'balcao') return notFound();
    if (request.method !== 'GET' && request.method !== 'HEAD') return notFound();
    let rel: string;
    try {
      rel = decodeURIComponent(url.pathname);
    } catch {
      return notFound();
    }
    if (rel === '/' || rel === '') rel = '/index.html';
    const file = path.resolve(root, `.${rel}`);
    if (rel.includes('\0') || !file.startsWith(root + path.sep)) return notFound();
    try {
      const body = await readFile(file);
      return new Response(new Uint8Array(body), {
        status: 200,
        headers: headers(path.extname(file)),
      });
    } catch {
      return notFound();
    }
  };
}

function headers(ext: string): Record<string, string> {
  return {
    'content-type': TYPES[ext.toLowerCase()] ?? 'application/octet-stream',
    'content-security-policy': CSP,
    'x-content-type-options': 'nosniff',
    'cross-origin-opener-policy': 'same-origin',
  };
}
