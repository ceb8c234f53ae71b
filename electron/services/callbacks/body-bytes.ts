/**
 * A callback body is bytes: the PSP signs the bytes it sent, whatever their charset, so the
 * HMAC is checked over them as received. Only to read the JSON inside are they decoded: with
 * the charset the Content-Type names, else as UTF-8 when valid, else as Windows-1252 (the
 * Latin-1 that a PSP not sending UTF-8 sends in practice).
 */
export type CallbackBodyInput = string | Uint8Array;

export const bodyBytes = (body: CallbackBodyInput): Buffer =>
  typeof body === 'string'
    ? Buffer.from(body, 'utf8')
    : Buffer.from(body.buffer, body.byteOffset, body.byteLength);

export function bodyText(body: CallbackBodyInput, contentType?: string): string {
  if (typeof body === 'string') return body;
  const charset = /;\s*charset="?([\w.:-]+)"?/i.exec(contentType ?? '')?.[1];
  if (charset) {
    try {
      return new TextDecoder(charset).decode(body);
    } catch {
      // An unknown charset: read it as if none were named.
    }
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    return new TextDecoder('windows-1252').decode(body);
  }
}

/** The signed message: the template with `{timestamp}` and `{body}` filled, as bytes. */
export function signedBytes(template: string, timestamp: string, body: CallbackBodyInput): Buffer {
  return Buffer.concat(
    template
      .split(/(\{timestamp\}|\{body\})/)
      .map((part) =>
        part === '{body}'
          ? bodyBytes(body)
          : Buffer.from(part === '{timestamp}' ? timestamp : part, 'utf8'),
      ),
  );
}
