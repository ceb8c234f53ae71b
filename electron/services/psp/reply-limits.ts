/**
 * Limits on what a PSP reply may cost us (issue 21): a byte cap checked while the body streams
 * in (the connection is aborted past it, so a 200 MB or endless reply never sits in memory) and
 * a nesting cap checked before JSON.parse (a deeply nested reply would otherwise cost the
 * parser and every reader after it).
 */
export const DEFAULT_MAX_REPLY_BYTES = 1 << 20;
export const MAX_JSON_DEPTH = 64;

export type BoundedRead = { ok: true; text: string } | { ok: false; bytesRead: number };

/**
 * Reads the body up to `maxBytes`; past it, cancels the stream and calls `abort` (which drops
 * the connection) and reports how much was read. A Content-Length above the cap fails at once.
 */
export async function readBounded(
  res: Response,
  maxBytes: number,
  abort: () => void,
): Promise<BoundedRead> {
  const declared = Number(res.headers.get('content-length'));
  if (Number.isFinite(declared) && declared > maxBytes) {
    abort();
    await res.body?.cancel().catch(() => {});
    return { ok: false, bytesRead: 0 };
  }
  if (!res.body) return { ok: true, text: '' };
  const reader = res.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > maxBytes) {
      abort();
      await reader.cancel().catch(() => {});
      return { ok: false, bytesRead: total };
    }
    chunks.push(value);
  }
  return { ok: true, text: Buffer.concat(chunks).toString('utf8') };
}

/** Whether the JSON text nests objects/arrays deeper than `max` (strings are skipped). */
export function jsonTooDeep(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      if (++depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth--;
  }
  return false;
}

/** A 3xx's Location, resolved against the request, cut to what a person can read. */
export function redirectTarget(location: string | null, requestUrl: URL): string {
  if (!location) return '?';
  try {
    const u = new URL(location, requestUrl);
    // Origin and path only: a query string could carry anything.
    return `${u.origin}${u.pathname}`.slice(0, 200);
  } catch {
    return location.slice(0, 200);
  }
}
