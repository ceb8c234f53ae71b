import { describe, expect, it } from 'vitest';
import { callbackIdentity } from '../../../relay/callback-identity';

const id = (body: unknown, headers: Record<string, string> = {}) =>
  callbackIdentity(headers, Buffer.from(typeof body === 'string' ? body : JSON.stringify(body)));

// A PSP that got no 2xx sends the callback again, with a new timestamp and signature and
// sometimes a new sending time in the body: the relay must see the same event.
describe('a callback’s identity', () => {
  it('the PSP’s x-event-id names the event, whatever the body and signature', () => {
    expect(id({ status: 'PAID', sentAt: 1 }, { 'x-event-id': 'ev-9', 'x-signature': 'a' })).toBe(
      id({ status: 'PAID', sentAt: 2 }, { 'x-event-id': 'ev-9', 'x-signature': 'b' }),
    );
    expect(id({ a: 1 }, { 'x-event-id': 'ev-9' })).not.toBe(
      id({ a: 1 }, { 'x-event-id': 'ev-10' }),
    );
  });

  it('the family’s body: transaction id and status (top level or one down), not the rest', () => {
    const paid = id({ data: { transactionId: 'T1', status: 'PAID', sentAt: '10:00:01' } });
    expect(id({ data: { transactionId: 'T1', status: 'PAID', sentAt: '10:00:07' } })).toBe(paid);
    expect(id({ data: { transactionId: 'T1', status: 'REFUNDED' } })).not.toBe(paid);
    expect(id({ data: { transactionId: 'T2', status: 'PAID' } })).not.toBe(paid);
    expect(id({ id: 'T1', status: 'PAID' })).not.toBe(id({ id: 'T1:PAID', status: '' }));
  });

  it('an API Pix body: each Pix by its endToEndId, each refund by its id and status', () => {
    const pix = { endToEndId: 'E1', txid: 't', valor: '1.00', horario: '2026-01-01T10:00:00Z' };
    const got = id({ pix: [pix] });
    expect(id({ pix: [{ ...pix, horario: '2026-01-01T10:00:09Z' }] })).toBe(got);
    const refund = (status: string) => ({
      pix: [{ ...pix, devolucoes: [{ id: 'D1', rtrId: 'R', valor: '1.00', status }] }],
    });
    expect(id(refund('EM_PROCESSAMENTO'))).not.toBe(got);
    expect(id(refund('DEVOLVIDO'))).not.toBe(id(refund('EM_PROCESSAMENTO')));
    expect(id({ pix: [pix, { ...pix, endToEndId: 'E2' }] })).toBe(
      id({ pix: [{ ...pix, endToEndId: 'E2' }, pix] }),
    );
  });

  it('anything else: its bytes', () => {
    expect(id('not json')).toBe(id('not json'));
    expect(id('not json')).not.toBe(id('not json '));
    expect(id({ status: 'PAID' })).not.toBe(id({ status: 'PAID', n: 1 }));
    expect(id({ pix: [{ txid: 'no e2e' }] })).not.toBe(id({ pix: [{ txid: 'no e2e', n: 1 }] }));
    // Nothing crashes it: deep, odd or huge values fall back to the bytes.
    expect(id({ id: 'x'.repeat(500), status: 'PAID' })).toMatch(/^body:/);
    expect(id('[[[[[[[[[[')).toMatch(/^body:/);
    expect(id(Buffer.from([0xff, 0xfe, 0x00]).toString('latin1'))).toMatch(/^body:/);
  });
});
