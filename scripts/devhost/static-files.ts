import { readFile, stat } from 'node:fs/promises';
import type http from 'node:http';
import path from 'node:path';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.wav': 'audio/wav',
  '.woff2': 'font/woff2',
};

export type StaticTarget = { file: string } | { status: 400 | 404 };

/**
 * The one rule for turning a request path into a file, pure: the raw path is split into
 * segments BEFORE percent-decoding (an encoded `/` or `\` cannot make a new segment); each
 * segment must decode, and may not be `..` or hold a separator, a drive letter or NUL. What is
 * left is joined under `root` and must stay there. Bad encoding and traversal are 400.
 */
export function resolveStatic(root: string, rawUrl: string): StaticTarget {
  const rawPath = rawUrl.split(/[?#]/, 1)[0]!;
  if (!rawPath.startsWith('/')) return { status: 400 };
  const segments: string[] = [];
  for (const raw of rawPath.slice(1).split('/')) {
    let seg: string;
    try {
      seg = decodeURIComponent(raw);
    } catch {
      return { status: 400 };
    }
    if (seg === '' || seg === '.') continue;
    if (seg === '..' || /[/\\\0]/.test(seg) || /^[a-zA-Z]:/.test(seg)) return { status: 400 };
    segments.push(seg);
  }
  const base = path.resolve(root);
  const file = path.join(base, ...(segments.length ? segments : ['index.html']));
  if (!file.startsWith(base + path.sep)) return { status: 400 };
  return { file };
}

/**
 * Serves the files under `root` and never throws: a directory (`/assets`), a missing file or
 * one that cannot be read is 404, a hostile path 400, a method other than GET/HEAD 405.
 * `transform` may rewrite a file's bytes (the development host injects its bridge into HTML).
 */
export async function serveStatic(
  root: string,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  transform: (file: string, body: Buffer) => Buffer | string = (_f, b) => b,
): Promise<void> {
  const plain = (status: number, text: string, headers: Record<string, string> = {}) => {
    res.writeHead(status, {
      'content-type': 'text/plain; charset=utf-8',
      'x-content-type-options': 'nosniff',
      ...headers,
    });
    res.end(text);
  };
  if (req.method !== 'GET' && req.method !== 'HEAD')
    return plain(405, 'Method Not Allowed', { allow: 'GET, HEAD' });
  const target = resolveStatic(root, req.url ?? '/');
  if ('status' in target)
    return plain(target.status, target.status === 400 ? 'Bad Request' : 'Not Found');
  let body: Buffer | string;
  try {
    if (!(await stat(target.file)).isFile()) return plain(404, 'Not Found');
    body = transform(target.file, await readFile(target.file));
  } catch {
    return plain(404, 'Not Found');
  }
  res.writeHead(200, {
    'content-type': TYPES[path.extname(target.file)] ?? 'application/octet-stream',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  res.end(req.method === 'HEAD' ? undefined : body);
}
