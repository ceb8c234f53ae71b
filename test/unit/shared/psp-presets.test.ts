import { describe, expect, it } from 'vitest';
import { readPspStatus } from '../../../shared/domain/psp-status';
import { PSP_PRESET_IDS, pspPresetSettings } from '../../../shared/psp-presets';
import { checkPspSettings, pspSettingsSchema } from '../../../shared/psp-settings';
import { fillBodyTemplate } from '../../../electron/services/psp/client';
import { readCreatedCharge, readTransactionStatus } from '../../../electron/services/psp/replies';

describe('presets', () => {
  it.each(PSP_PRESET_IDS)('%s is a valid, complete set of settings', (id) => {
    const s = pspSettingsSchema.parse({
      baseUrl: 'https://psp.example/api',
      ...pspPresetSettings(id),
    });
    expect(checkPspSettings(s).ok).toBe(true);
    expect(s.preset).toBe(id);
  });

  it('cics-pt: unsigned callbacks confirmed by the rate-limited check route, its own wire words', () => {
    const s = pspPresetSettings('cics-pt');
    expect(s).toMatchObject({
      chargeOperation: 'transaction',
      callbackPolicy: 'confirm-by-query',
      statusQueryPath: '/transactions/check',
      statusQuery: { method: 'POST', perMinute: 60 },
      defense: { contestValue: 'rejeitado', acceptValue: 'aceito', minProofs: 1 },
      withdrawal: {
        path: '/transactions/withdraw',
        keyTypes: { PHONE: 'TELEFONE', EVP: 'CHAVE_ALEATORIA' },
      },
    });
  });

  it('confirm-by-query without a status query is refused with a clear error', () => {
    const s = { ...pspPresetSettings('cics-pt'), statusQueryPath: '' };
    expect(checkPspSettings(s)).toMatchObject({ ok: false, code: 'CONFIRM_NEEDS_QUERY' });
  });

  it('a status map entry that is not upper case, or an unknown outcome, is refused', () => {
    const bad = pspSettingsSchema.safeParse({
      baseUrl: 'https://x/api',
      statusMap: { COMPLETO: 'DONE' },
    });
    expect(bad.success).toBe(false);
  });
});

describe('status vocabulary and replies', () => {
  it('reads English and Portuguese names; anything else is kept as it came, not guessed', () => {
    expect(readPspStatus('COMPLETO')).toEqual({ known: true, outcome: 'PAID' });
    expect(readPspStatus('pendente')).toEqual({ known: true, outcome: 'PENDING' });
    expect(readPspStatus('FALHA')).toEqual({ known: true, outcome: 'FAILED' });
    expect(readPspStatus('CANCELADO')).toEqual({ known: true, outcome: 'CANCELED' });
    expect(readPspStatus('QUASE_PAGO')).toEqual({ known: false, raw: 'QUASE_PAGO' });
    expect(readPspStatus('constructor')).toEqual({ known: false, raw: 'constructor' });
  });

  it('the cics-pt creation reply: data.copyPaste, data.transactionId (numeric), data.transactionState', () => {
    const r = readCreatedCharge({
      message: 'ok',
      data: {
        transactionId: 100001,
        transactionState: 'PENDENTE',
        copyPaste: '000201…',
        transactionAmount: 12.34,
      },
    });
    expect(r).toMatchObject({
      ok: true,
      value: { transactionId: '100001', status: 'PENDENTE', qrcode: '000201…', amountCents: 1234 },
    });
  });

  it('the cics-pt check reply, with no amount read from it', () => {
    const paths = pspPresetSettings('cics-pt').statusQuery.reply;
    const r = readTransactionStatus(
      {
        message: 'ok',
        transaction: { transactionId: 7, value: 1234, fee: 12, transactionState: 'COMPLETO' },
      },
      paths,
    );
    expect(r).toEqual({ ok: true, value: { status: 'COMPLETO', transactionId: '7' } });
  });

  it('the query body template never lets an id change the JSON shape', () => {
    expect(fillBodyTemplate('{"transactionId": "{id}"}', '100001')).toEqual({
      transactionId: 100001,
    });
    expect(fillBodyTemplate('{"transactionId": "{id}"}', 'a"b')).toEqual({ transactionId: 'a"b' });
  });
});
