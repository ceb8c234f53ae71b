import { describe, expect, it } from 'vitest';
import { asciiText, parseIntPos } from '../../../electron/services/pdv/intpos';
import {
  onCharge,
  onRequest,
  onTick,
  type ChargeEnd,
  type Context,
  type Effect,
  type Exchange,
} from '../../../electron/services/pdv/tef-decide';

const ctx = (over: Partial<Context> = {}): Context => {
  let n = 0;
  return {
    at: 1_000_000,
    recent: [],
    maxAmountCents: 10_000_000,
    cashierBusy: false,
    nextNsu: '000000001',
    newId: () => `x${++n}`,
    shopName: 'Padaria São João',
    terminalName: 'Caixa 1',
    ...over,
  };
};
const req = (lines: string) => {
  const p = parseIntPos(lines);
  if (p.kind !== 'complete') throw new Error(p.kind);
  return {
    command: p.fields.get('000-000')!,
    identifier: p.fields.get('001-000')!,
    fields: p.fields,
  };
};
const saved = (effects: Effect[]) =>
  effects.flatMap((e) => (e.type === 'save' ? [e.exchange] : []));
const sale = (over: Partial<Exchange> = {}): Exchange => ({
  id: 's1',
  command: 'CRT',
  identifier: '10',
  amountCents: 1234,
  state: 'waiting',
  chargeId: 'c1',
  answerWritten: false,
  message: '',
  createdAt: 1,
  updatedAt: 1,
  ...over,
});
const paid = (over: Partial<ChargeEnd> = {}): ChargeEnd => ({
  id: 'c1',
  status: 'PAID',
  amountCents: 1234,
  externalId: 'blc_t_1_abc',
  pspTransactionId: 'tx-9',
  flags: [],
  updatedAt: 2,
  ...over,
});

describe('the IntPos format', () => {
  it('reads complete, truncated and malformed files without throwing', () => {
    expect(parseIntPos('000-000 = ATV\r\n001-000 = 1\r\n999-999 = 0\r\n').kind).toBe('complete');
    expect(parseIntPos('000-000 = CRT\r\n001-000 = 1\r\n').kind).toBe('truncated');
    expect(parseIntPos('000-000 = CRT\r\nlixo\r\n999-999 = 0').kind).toBe('malformed');
    expect(parseIntPos('\u0000\u00ff').kind).toBe('malformed');
    // A UTF-8 byte-order mark, as Latin-1 bytes: still a request.
    expect(parseIntPos('\u00ef\u00bb\u00bf000-000 = ATV\n001-000 = 2\n999-999 = 0').kind).toBe(
      'complete',
    );
  });
  it('writes only plain ASCII: accents dropped, quotes never break a receipt line', () => {
    expect(asciiText('Padaria São João "Centro"', 40)).toBe("Padaria Sao Joao 'Centro'");
  });
});

describe('decisions', () => {
  it('a CRT opens a sale and asks for its charge; the .sts comes first', () => {
    const e = onRequest(ctx(), req('000-000 = CRT\n001-000 = 10\n003-000 = 1234\n999-999 = 0'));
    expect(e[0]).toEqual({ type: 'status', command: 'CRT', identifier: '10' });
    expect(e.find((x) => x.type === 'createCharge')).toMatchObject({ amountCents: 1234 });
  });

  it('the same CRT again never opens a second sale', () => {
    const e = onRequest(
      ctx({ recent: [sale({ createdAt: 999_000 })] }),
      req('000-000 = CRT\n001-000 = 10\n003-000 = 1234\n999-999 = 0'),
    );
    expect(e).toEqual([{ type: 'status', command: 'CRT', identifier: '10' }]);
  });

  it('paid → approved answer asking for CNF, with the NSU and the receipt', () => {
    const e = onCharge(ctx(), sale(), paid());
    const answered = saved(e)[0]!;
    expect(answered.state).toBe('answered');
    expect(answered.answer).toContain('009-000 = 0\r\n');
    expect(answered.answer).toContain('012-000 = 000000001\r\n');
    expect(answered.answer).toContain('"ID PSP: tx-9"');
    expect(answered.answer).toContain('"Padaria Sao Joao"');
    expect(answered.answer).not.toContain('DEMONSTRACAO');
  });

  it('a DEMO sale: the receipt lines the PDV prints open and close with the DEMO mark', () => {
    const answer = saved(onCharge(ctx(), sale(), paid({ demo: true })))[0]!.answer!;
    const receipt = [...answer.matchAll(/^029-\d{3} = "(.*)"\r$/gm)].map((m) => m[1]);
    expect(receipt[0]).toBe('DEMONSTRACAO - SEM VALOR');
    expect(receipt.at(-1)).toBe('DEMONSTRACAO - SEM VALOR');
    expect(receipt[1]).toBe('COMPROVANTE DE PAGAMENTO PIX');
    expect(answer).toContain('030-000 = PIX RECEBIDO (DEMONSTRACAO)\r\n');
  });

  it('a payment of another amount is never approved: denied and marked to give back', () => {
    const e = onCharge(ctx(), sale(), paid({ flags: ['AMOUNT_MISMATCH'] }));
    expect(saved(e)[0]!.state).toBe('denied');
    expect(e.some((x) => x.type === 'refundDue')).toBe(true);
  });

  it('a PAID_DIFFERENT_AMOUNT charge ends the sale denied, to give back (never waits)', () => {
    const e = onCharge(ctx(), sale(), paid({ status: 'PAID_DIFFERENT_AMOUNT' }));
    expect(saved(e)[0]!.state).toBe('denied');
    expect(saved(e)[0]!.answer).not.toContain('009-000 = 0\r\n');
    expect(e.find((x) => x.type === 'refundDue')).toMatchObject({ reason: 'AMOUNT_MISMATCH' });
    const late = onCharge(
      ctx(),
      sale({ state: 'denied' }),
      paid({ status: 'PAID_DIFFERENT_AMOUNT' }),
    );
    expect(late.find((x) => x.type === 'refundDue')).toMatchObject({ reason: 'PAID_AFTER_DENIAL' });
  });

  it('paid after the PDV was told "not paid": the money is marked to give back', () => {
    const e = onCharge(ctx(), sale({ state: 'denied' }), paid());
    expect(e.find((x) => x.type === 'refundDue')).toMatchObject({ reason: 'PAID_AFTER_DENIAL' });
  });

  it('CNF finds its sale by the control code even with another identifier (GP example)', () => {
    const answered = saved(onCharge(ctx(), sale(), paid()))[0]!;
    const e = onRequest(
      ctx({
        recent: [answered, sale({ id: 's2', identifier: '11', state: 'answered', answer: 'x' })],
      }),
      req('000-000 = CNF\n001-000 = 12345\n027-000 = blc_t_1_abc\n999-999 = 0'),
    );
    expect(saved(e)).toMatchObject([{ id: 's1', state: 'confirmed' }]);
  });

  it('never confirmed: settled as undone after the bound, not before', () => {
    const answered = saved(onCharge(ctx(), sale(), paid()))[0]!;
    expect(onTick(ctx({ at: 1_000_000 + 59_000, recent: [answered] }), 60_000)).toEqual([]);
    const e = onTick(ctx({ at: 1_000_000 + 60_000, recent: [answered] }), 60_000);
    expect(saved(e)[0]).toMatchObject({ state: 'undone', refundReason: 'NOT_CONFIRMED' });
  });
});

describe('CNF/NCN naming a transaction that is not the waiting sale', () => {
  // ACBr's CNF/NCN carry the answer's 012-000 and 027-000 (docs: "The CNF's fields"); the CNF of
  // a CNC's answer names the CNC's NSU. Neither may confirm or undo another sale.
  const waiting = sale({ state: 'answered', nsu: '000000001', answeredAt: 5 });
  it('an NCN with another NSU leaves the waiting sale alone (no refund marked)', () => {
    const effects = onRequest(
      ctx({ recent: [waiting] }),
      req('000-000 = NCN\r\n001-000 = 77\r\n012-000 = 000000002\r\n999-999 = 0\r\n'),
    );
    expect(effects.map((e) => e.type)).toEqual(['status']);
  });
  it('a CNF with another control code does not confirm the waiting sale', () => {
    const effects = onRequest(
      ctx({ recent: [waiting] }),
      req('000-000 = CNF\r\n001-000 = 78\r\n027-000 = blc_other\r\n999-999 = 0\r\n'),
    );
    expect(effects.map((e) => e.type)).toEqual(['status']);
  });
  it('a CNF with only its own identifier confirms the last waiting sale (GP §7.2)', () => {
    const effects = onRequest(
      ctx({ recent: [waiting] }),
      req('000-000 = CNF\r\n001-000 = 79\r\n999-999 = 0\r\n'),
    );
    expect(saved(effects)[0]?.state).toBe('confirmed');
  });
});

describe('an identifier used again for another sale', () => {
  // A PDV whose counter restarted sends a new sale with an old identifier: it is not a rewrite,
  // and the old sale's approved answer must never be sent for money that did not arrive.
  const first = onRequest(
    ctx(),
    req('000-000 = CRT\r\n001-000 = 10\r\n003-000 = 1234\r\n999-999 = 0\r\n'),
  );
  const old = {
    ...saved(first)[0]!,
    state: 'answered' as const,
    answer: 'approved',
    answerWritten: true,
  };
  it('a CRT with the same identifier and another amount is a new sale, charged for its amount', () => {
    const effects = onRequest(
      ctx({ recent: [{ ...old, state: 'confirmed' }] }),
      req('000-000 = CRT\r\n001-000 = 10\r\n003-000 = 5000\r\n999-999 = 0\r\n'),
    );
    expect(effects.some((e) => e.type === 'answer')).toBe(false);
    expect(effects.find((e) => e.type === 'createCharge')).toMatchObject({ amountCents: 5000 });
  });
  it('the same CRT written again is still answered from the record, never charged twice', () => {
    const effects = onRequest(
      ctx({ recent: [old] }),
      req('000-000 = CRT\r\n001-000 = 10\r\n003-000 = 1234\r\n999-999 = 0\r\n'),
    );
    expect(effects.map((e) => e.type)).toEqual(['status', 'answer']);
  });
});
