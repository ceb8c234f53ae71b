import { describe, expect, it } from 'vitest';
import {
  API_PIX_PRESET_IDS,
  apiPixPresetSettings,
  type ApiPixPresetId,
} from '../../../shared/api-pix-presets';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { API_PIX_ACCOUNT } from '../../helpers/api-pix';
import { apiPixSandboxForFile, type ApiPixSandbox } from '../../helpers/api-pix-for-file';
import { apiPixTerminal } from '../../helpers/api-pix-terminal';
import { payer } from '../../helpers/core';

/**
 * Issue 33, Deliver 3: a create whose answer was lost is recovered by the txid the app sent, at
 * every preset, against the sandbox profile of that bank (Efí's 409 on a repeated PUT and its
 * 400 for an unknown txid; the spec's create-or-alter and 404 elsewhere).
 */
const profileOf = (p: ApiPixPresetId) => (p.startsWith('efi') ? 'efi' : 'spec');

async function terminalWithPreset(sb: ApiPixSandbox, preset: ApiPixPresetId) {
  const t = await apiPixTerminal(sb);
  const s = apiPixPresetSettings(preset);
  const r = t.core.settings.update({
    psp: {
      ...s,
      baseUrl: sb.baseUrl,
      apiPix: { ...s.apiPix, tokenUrl: sb.tokenUrl, chave: API_PIX_ACCOUNT.chave },
    },
  });
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return t;
}

const asked = (sb: ApiPixSandbox, method: string, txid: string) =>
  sb.state.requestLog.filter((r) => r.method === method && r.url.startsWith(`/v2/cob/${txid}`))
    .length;

for (const profile of ['efi', 'spec'] as const) {
  describe(`a lost create at a bank of profile ${profile}`, () => {
    const env = apiPixSandboxForFile({ profile });
    const presets = API_PIX_PRESET_IDS.filter((p) => profileOf(p) === profile);

    it.each(presets)(
      '%s: the cob is read back by its txid and its verified QR shown; the PUT is never repeated',
      async (preset) => {
        const t = await terminalWithPreset(env.sb, preset);
        try {
          await env.sb.control('PUT', '/faults', { cobLost: 1 });
          const c = await t.core.charges.create({ amountCents: 2468, payer });
          expect(c.ok, JSON.stringify(c)).toBe(true);
          const id = c.ok ? c.value.id : '';
          const txid = txidFor(c.ok ? c.value.externalId : '');
          await expect
            .poll(() => t.core.charges.get(id), { timeout: 10_000 })
            .toMatchObject({ ok: true, value: { status: 'PENDING' } });
          const v = t.core.charges.get(id);
          expect(v.ok && v.value.brcode).toMatch(/^000201010212/);
          expect(v.ok && v.value.notice).toBeUndefined();
          // One PUT, and the status read by the txid (never by our external id).
          expect(asked(env.sb, 'PUT', txid)).toBe(1);
          expect(asked(env.sb, 'GET', txid)).toBeGreaterThanOrEqual(1);
          expect(
            env.sb.state.requestLog.some((r) => r.url.includes(c.ok ? c.value.externalId : '?')),
          ).toBe(false);

          // The cashier cancels: the bank hears it, so nobody pays the QR from a photo of it.
          expect((await t.core.charges.cancel(id)).ok).toBe(true);
          await expect
            .poll(() => env.sb.state.cobs.get(txid)?.status)
            .toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
        } finally {
          await env.sb.control('PUT', '/faults', {});
          await t.core.stop();
        }
      },
    );

    it.each(presets)(
      '%s: a lost create that is paid before the app asks again turns that sale Pago',
      async (preset) => {
        const t = await terminalWithPreset(env.sb, preset);
        try {
          // The answer is lost and every status read fails for a while (429s).
          await env.sb.control('PUT', '/faults', { cobLost: 1, readRateLimit: 2 });
          const c = await t.core.charges.create({ amountCents: 1357, payer });
          const id = c.ok ? c.value.id : '';
          const txid = txidFor(c.ok ? c.value.externalId : '');
          await env.sb.pay(txid);
          await expect
            .poll(async () => (await t.core.charges.recheck(id)).ok && t.core.charges.get(id), {
              timeout: 10_000,
            })
            .toMatchObject({ ok: true, value: { status: 'PAID' } });
          expect(asked(env.sb, 'PUT', txid)).toBe(1);
        } finally {
          await env.sb.control('PUT', '/faults', {});
          await t.core.stop();
        }
      },
    );
  });
}
