import { describe, expect, it } from 'vitest';
import { buildEntry, entryId, maskPayer } from '../../../electron/services/journal/entry';

describe('journal entry model', () => {
  it('gives the same id for the same fact on any terminal, different for another kind', () => {
    const a = buildEntry(
      { kind: 'paid', subject: 'ch-1', at: '2026-11-28T10:00:00Z', amountCents: 1250 },
      't1',
      1,
    );
    const b = buildEntry(
      { kind: 'paid', subject: 'ch-1', at: '2026-11-28T10:09:00Z', amountCents: 1250 },
      't2',
      7,
    );
    expect(a.ok && b.ok && a.entry.id === b.entry.id).toBe(true);
    expect(entryId('canceled', 'ch-1')).not.toBe(entryId('paid', 'ch-1'));
  });

  it('keeps amounts in integer cents and refuses fractions or negatives', () => {
    expect(buildEntry({ kind: 'paid', subject: 'c', at: 'x', amountCents: 12.5 }, 't1', 1)).toEqual(
      { ok: false, code: 'journal.bad-fact' },
    );
    expect(
      buildEntry({ kind: 'refunded', subject: 'c', at: 'x', amountCents: -1 }, 't1', 1).ok,
    ).toBe(false);
    expect(
      buildEntry(
        { kind: 'paid-different-amount', subject: 'c', at: 'x', amountCents: 900 },
        't1',
        1,
      ).ok,
    ).toBe(false);
    expect(buildEntry({ kind: 'paid', subject: 'c', at: 'x' }, 't1', 0).ok).toBe(false);
  });

  it('masks the payer and copies no other field (never a secret)', () => {
    const fact = {
      kind: 'paid' as const,
      subject: 'ch-2',
      at: '2026-11-28T10:00:00Z',
      amountCents: 500,
      payerName: 'Maria da Silva Souza',
      payerDocument: '123.456.789-09',
      clientSecret: 'S3CRET',
    };
    const r = buildEntry(fact, 't1', 3);
    expect(r.ok).toBe(true);
    const text = JSON.stringify(r);
    expect(text).not.toContain('S3CRET');
    expect(text).not.toContain('123.456');
    expect(text).not.toContain('Silva');
    expect(r.ok && r.entry.payer).toBe('Maria S. ***.456.***-**');
    expect(maskPayer(undefined, '12.345.678/0001-90')).toBe('**.***.678/****-**');
  });

  it('takes the operator from the injected lookup, absent by default', () => {
    const none = buildEntry({ kind: 'created', subject: 'ch-3', at: 'x', amountCents: 1 }, 't1', 1);
    expect(none.ok && 'operator' in none.entry).toBe(false);
    const withOp = buildEntry(
      { kind: 'created', subject: 'ch-3', at: 'x', amountCents: 1 },
      't1',
      1,
      (s) => (s === 'ch-3' ? { id: 'op-1', name: 'Ana' } : undefined),
    );
    expect(withOp.ok && withOp.entry.operator).toEqual({ id: 'op-1', name: 'Ana' });
  });
});
