/**
 * The callback path's self-test event (issue 20): `Testar conexão` posts it to the relay's public
 * hook URL and waits for it on the shop's SSE stream. It has its own type, carries no id, status
 * or amount, and the callback intake drops it before anything else: it can never be read as a
 * payment, whoever sends it. Only the test that made its nonce counts it as its own.
 */
export const SELF_TEST_TYPE = 'balcao.self-test';

export interface SelfTestBody {
  type: typeof SELF_TEST_TYPE;
  nonce: string;
  sentAt: number;
}

export function selfTestBody(nonce: string, sentAt: number): string {
  return JSON.stringify({ type: SELF_TEST_TYPE, nonce, sentAt } satisfies SelfTestBody);
}

/**
 * The nonce of a self-test body, or null when the text is anything else. `parsed` gives the
 * text's JSON when the caller already holds it (the intake parses a callback once, issue 35).
 */
export function selfTestNonce(
  text: string,
  parsed: () => unknown = () => JSON.parse(text),
): string | null {
  if (text.length > 500 || !text.includes(SELF_TEST_TYPE)) return null;
  try {
    const v = parsed();
    if (!v || typeof v !== 'object' || Array.isArray(v)) return null;
    const b = v as Record<string, unknown>;
    return b.type === SELF_TEST_TYPE && typeof b.nonce === 'string' ? b.nonce : null;
  } catch {
    return null;
  }
}
