import { describe, expect, it } from 'vitest';
import {
  detailFields,
  infractionRow,
  stanceKey,
} from '../../../renderer/features/infractions/view';

const DAY = 86_400_000;
const created = '2026-11-01T12:00:00.000Z';
const now = Date.parse(created) + 2 * DAY + 1000;

describe('an infraction as the table reads it', () => {
  it('without a deadline in the record: 7 calendar days from creation, marked estimated', () => {
    const r = infractionRow(
      'WAITING_PSP',
      { createdAt: created, amount: 32.5, reason: 'Golpe' },
      now,
    );
    expect(r.statusKey).toBe('waiting');
    expect(r.amountCents).toBe(3250);
    expect(r.deadline).toEqual({
      at: new Date(Date.parse(created) + 7 * DAY),
      daysLeft: 5,
      estimated: true,
    });
  });

  it("the record's own deadline wins and is not an estimate", () => {
    const r = infractionRow(
      'WAITING_PSP',
      { createdAt: created, deadline: '2026-11-04T12:00:00Z' },
      now,
    );
    expect(r.deadline).toMatchObject({ daysLeft: 1, estimated: false });
  });

  it('no deadline once the PSP decided; statuses as word keys; an unknown one kept as it came', () => {
    expect(infractionRow('ACCEPTED', { createdAt: created }, now)).toMatchObject({
      statusKey: 'accepted',
    });
    expect(infractionRow('ACCEPTED', { createdAt: created }, now).deadline).toBeUndefined();
    expect(infractionRow('CANCELLED', {}, now).statusKey).toBe('canceled');
    expect(infractionRow('EM_ANALISE', {}, now)).toMatchObject({ statusRaw: 'EM_ANALISE' });
    expect(infractionRow('EM_ANALISE', {}, now).statusKey).toBeUndefined();
  });

  it('detail: known keys by label, unknown ones spelled out, nested ones flattened, money in R$', () => {
    const f = detailFields(
      { endToEndId: 'E123', analysisResult: 'x', someNewField: 'y', transaction: { value: 10 } },
      'pt-BR',
    );
    expect(f).toEqual([
      { labelKey: 'endToEnd', label: 'End to end id', value: 'E123' },
      { labelKey: 'analysisResult', label: 'Analysis result', value: 'x' },
      { label: 'Some new field', value: 'y' },
      { label: 'Transaction · Value', value: 'R$\u00a010,00' },
    ]);
  });

  it('the defense stance in both vocabularies', () => {
    expect(stanceKey('DISAGREED')).toBe('contest');
    expect(stanceKey('rejeitado')).toBe('contest');
    expect(stanceKey('AGREED')).toBe('accept');
  });
});
