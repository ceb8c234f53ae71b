import type { StoredEvent } from './store';

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * One stored event as an SSE frame. `data` is `{"id","receivedAt","headers","body"}` with the
 * body as text when its bytes are valid UTF-8 (the usual case, readable as is), else as base64
 * with `"bodyEncoding":"base64"`: either way the terminal gets back the exact bytes the PSP
 * signed.
 */
export function sseFrame(e: StoredEvent): string {
  let body: string;
  let base64 = false;
  try {
    body = utf8.decode(e.body);
  } catch {
    body = e.body.toString('base64');
    base64 = true;
  }
  const data = JSON.stringify({
    id: e.id,
    receivedAt: e.receivedAt,
    headers: e.headers,
    body,
    ...(base64 && { bodyEncoding: 'base64' }),
  });
  return `id: ${e.id}\ndata: ${data}\n\n`;
}
