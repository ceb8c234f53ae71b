import { bodyBytes, bodyText, type CallbackBodyInput } from './body-bytes';

export type Headers = Record<string, string | string[] | undefined>;

/**
 * A callback as the intake received it, read once at the edge (issue 35): header names
 * lower-cased, the bytes the PSP signed, and those bytes as text (the charset the Content-Type
 * names). The policy, the verification and the refusal record all read this one value; none
 * decodes the body or lower-cases the headers again.
 */
export interface ReceivedCallback {
  readonly headers: Readonly<Record<string, string>>;
  readonly bytes: Buffer;
  readonly text: string;
}

export function receiveCallback(raw: {
  headers: Headers;
  body: CallbackBodyInput;
}): ReceivedCallback {
  const headers = lowerCase(raw.headers);
  return {
    headers,
    bytes: bodyBytes(raw.body),
    text: bodyText(raw.body, headers['content-type']),
  };
}

export function lowerCase(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string') out[k.toLowerCase()] = value;
  }
  return out;
}
