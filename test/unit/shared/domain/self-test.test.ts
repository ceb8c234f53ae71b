import { describe, expect, it } from 'vitest';
import { selfTestBody, selfTestNonce, SELF_TEST_TYPE } from '../../../../shared/domain/self-test';

// Testar conexão's callback self-test: only its own body is read back, never a payment.
describe('the self-test event', () => {
  it('its body carries its type, nonce and time, nothing else', () => {
    expect(JSON.parse(selfTestBody('n-1', 42))).toEqual({
      type: 'balcao.self-test',
      nonce: 'n-1',
      sentAt: 42,
    });
  });

  it('is read back by its nonce', () => {
    expect(selfTestNonce(selfTestBody('n-1', 42))).toBe('n-1');
  });

  it('anything else is no self-test: a payment, another type, no nonce, bad JSON', () => {
    for (const text of [
      JSON.stringify({ type: 'pix.paid', nonce: 'n', note: SELF_TEST_TYPE }),
      JSON.stringify({ type: SELF_TEST_TYPE }),
      JSON.stringify({ type: SELF_TEST_TYPE, nonce: 7 }),
      JSON.stringify([SELF_TEST_TYPE]),
      JSON.stringify(SELF_TEST_TYPE),
      'null',
      `{"type":"${SELF_TEST_TYPE}",`,
      '',
    ])
      expect(selfTestNonce(text)).toBeNull();
  });

  it('a body over 500 characters is not even parsed', () => {
    const long = JSON.stringify({ type: SELF_TEST_TYPE, nonce: 'n', pad: 'x'.repeat(500) });
    expect(selfTestNonce(long)).toBeNull();
    const body = JSON.stringify({ type: SELF_TEST_TYPE, nonce: 'n' });
    const exactly500 = body.slice(0, -1) + ' '.repeat(500 - body.length) + '}';
    expect(exactly500).toHaveLength(500);
    expect(selfTestNonce(exactly500)).toBe('n');
  });
});
