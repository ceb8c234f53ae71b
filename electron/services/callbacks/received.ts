import { bodyBytes, bodyText, type CallbackBodyInput } from './body-bytes';

export type Headers = Record<string, string | string[] | undefined>;

/**
 * A callback as the intake received it, read once at the edge (issue 35): header names
 * lower-cased, the bytes the PSP signed, and those bytes as text (the charset the Content-Type
 * names), and that text parsed as JSON. The policy, the verification and the refusal record all
 * read this one value; none decodes or parses the body, or lower-cases the headers, again.
 */
export interface ReceivedCallback {
  readonly headers: Readonly<Record<string, string>>;
  readonly bytes: Buffer;
  readonly text: string;
  /** The text parsed once; what each reader takes from it (ids, amount, txids) stays its own. */
  readonly json: ParsedJson;
}

/** A body's JSON: its value, or `ok: false` when the text is not JSON. */
export type ParsedJson = { readonly ok: true; readonly value: unknown } | { readonly ok: false };

export function parseJson(text: string): ParsedJson {
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch {
    return { ok: false };
  }
}

export function receiveCallback(raw: {
  headers: Headers;
  body: CallbackBodyInput;
}): ReceivedCallback {
  const headers = lowerCase(raw.headers);
  const text = bodyText(raw.body, headers['content-type']);
  return { headers, bytes: bodyBytes(raw.body), text, json: parseJson(text) };
}

export function lowerCase(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(headers)) {
    const value = Array.isArray(v) ? v[0] : v;
    if (typeof value === 'string') out[k.toLowerCase()] = value;
  }
  return out;
}
