import { describe, expect, it } from 'vitest';
import { createHandlers } from '../../../electron/services/handlers';
import { chargesCsv } from '../../../shared/domain/charges-csv';
import { txidFor } from '../../../electron/services/psp/api-pix/client';
import { apiPixSandboxForFile } from '../../helpers/api-pix-for-file';
import { apiPixTerminal } from '../../helpers/api-pix-terminal';
import { coreOn, payer } from '../../helpers/core';
import { sandboxForFile } from '../../helpers/sandbox-terminal';

// Issue 37: a charge for a payer who is not at the counter lives longer than the counter's, where
// the PSP can give it, and is paid days later with the app closed in between.
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const localDay = (ms: number) => {
  const d = new Date(ms);
  const p = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${p(d.getMonth() + 1)}-${p(d.getDate())}`;
};

describe('a PSP of the seed’s family', () => {
  const env = sandboxForFile();

  it('refuses a longer validity in words, before anything is written or sent', async () => {
    const t = await coreOn(env.sb.baseUrl);
    try {
      const r = await t.core.charges.create({ amountCents: 5000, payer, validityHours: 72 });
      expect(r).toMatchObject({ ok: false, code: 'VALIDITY_COUNTER_ONLY', field: 'validity' });
      expect(t.core.charges.list({})).toEqual([]);
      // The counter's own expiry still charges as before.
      const c = await t.core.charges.create({ amountCents: 5000, payer });
      expect(c).toMatchObject({ ok: true, value: { status: 'PENDING' } });
    } finally {
      await t.core.stop();
    }
  });
});

describe('an API Pix PSP', () => {
  const env = apiPixSandboxForFile();

  it('asks the PSP for the whole validity (calendario.expiracao) and keeps the charge that long', async () => {
    const t = await apiPixTerminal(env.sb);
    try {
      const r = await t.core.charges.create({ amountCents: 12_000, payer, validityHours: 72 });
      if (!r.ok) throw new Error(JSON.stringify(r));
      expect(r.value.expiresAt - r.value.createdAt).toBe(72 * HOUR);
      expect(env.sb.state.cobs.get(txidFor(r.value.externalId))?.expiracao).toBe(72 * 3600);
      const tooLong = await t.core.charges.create({ amountCents: 100, payer, validityHours: 9999 });
      expect(tooLong.ok).toBe(false);
    } finally {
      await t.core.stop();
    }
  });

  it('paid two days later with the app closed in between: Pago after the restart, announced, counted on the day paid', async () => {
    const first = await apiPixTerminal(env.sb);
    const r = await first.core.charges.create({ amountCents: 8_750, payer, validityHours: 72 });
    if (!r.ok) throw new Error(JSON.stringify(r));
    await first.core.stop();

    // Two days later the payer pays; the app opens again on the same ledger.
    await env.sb.control('POST', `/pay/${txidFor(r.value.externalId)}`);
    const later = Date.now() + 2 * DAY;
    const second = await apiPixTerminal(env.sb, {
      dataDir: first.dataDir,
      now: () => Date.now() + 2 * DAY,
    });
    try {
      // Still waiting on the restart two days on: not expired by the counter's clock.
      second.core.charges.expireDue();
      expect(second.core.charges.record(r.value.id)?.status).toBe('PENDING');
      const paid = () => second.core.charges.record(r.value.id)?.status === 'PAID';
      for (let i = 0; i < 100 && !paid(); i++) {
        await second.core.reconciler.run();
        await new Promise((res) => setTimeout(res, 50));
      }
      expect(second.core.charges.get(r.value.id)).toMatchObject({
        ok: true,
        value: { status: 'PAID', flags: expect.not.arrayContaining(['LATE_PAYMENT']) },
      });
      // The news reaches every screen (the renderer's alert, the OS notification).
      expect(
        second.events.some(
          (e) =>
            e.event === 'charges:paid' &&
            (e.payload as { charge: { id: string } }).charge.id === r.value.id,
        ),
      ).toBe(true);
      const closing = second.core.history.closing(localDay(later));
      if (!closing.ok) throw new Error(closing.code);
      expect(closing.value.live.received).toMatchObject({ count: 1, amountCents: 8_750 });
    } finally {
      await second.core.stop();
    }
  });

  it('a charge that waits is asked about at a cost the budget allows: some 4 times an hour, not every minute', async () => {
    const clock = { offsetMs: 0 };
    const t = await apiPixTerminal(env.sb, { now: () => Date.now() + clock.offsetMs });
    try {
      const r = await t.core.charges.create({ amountCents: 4_200, payer, validityHours: 72 });
      if (!r.ok) throw new Error(JSON.stringify(r));
      // Two hours of the reconciler's passes, 61 s apart (the budget counts the last minute: each
      // pass's questions are counted once), the payer not paying yet.
      let asked = 0;
      for (let pass = 0; pass < 118; pass++) {
        clock.offsetMs += 61_000;
        await t.core.reconciler.run();
        asked += t.core.statusBudget.used();
      }
      // Each question at an API Pix bank is two reads of the budget while the cob says ATIVA
      // (GET /cob, then GET /pix?txid=: issue 33), so some 15 questions are ≤ 40 reads; asking
      // every pass would be 236.
      expect(asked).toBeGreaterThan(6);
      expect(asked).toBeLessThanOrEqual(40);
      expect(t.core.charges.record(r.value.id)?.status).toBe('PENDING');
    } finally {
      await t.core.stop();
    }
  });

  it('A receber: the charges that wait, with how and to whom each was sent; a paid one leaves it', async () => {
    const t = await apiPixTerminal(env.sb);
    const h = createHandlers(t.core, 'browser');
    try {
      const long = await t.core.charges.create({ amountCents: 3_100, payer, validityHours: 24 });
      const counter = await t.core.charges.create({ amountCents: 3_200, payer });
      if (!long.ok || !counter.ok) throw new Error('no charge');
      const ids = async () => {
        const w = await h['charges:waiting']({});
        if (!w.ok) throw new Error(w.code);
        return w.value;
      };
      // A counter charge is not waiting for anyone until it is sent.
      expect((await ids()).map((w) => w.charge.id)).toEqual([long.value.id]);
      const sent = await h['charges:share']({
        id: long.value.id,
        via: 'whatsapp',
        to: '(11) 91234-5678',
      });
      expect(sent.ok).toBe(true);
      expect((await h['charges:share']({ id: long.value.id, via: 'email', to: 'x@' })).ok).toBe(
        false,
      );
      await h['charges:share']({ id: counter.value.id, via: 'email', to: 'ana@padaria.com.br' });
      const w = await ids();
      expect(w.map((x) => x.charge.id).sort()).toEqual([long.value.id, counter.value.id].sort());
      expect(w.find((x) => x.charge.id === long.value.id)?.shares).toEqual([
        { via: 'whatsapp', to: '5511912345678', at: expect.any(Number) },
      ]);
      // Paid: no longer waiting.
      await env.sb.control('POST', `/pay/${txidFor(long.value.externalId)}`);
      expect((await t.core.charges.recheck(long.value.id)).ok).toBe(true);
      expect((await ids()).map((x) => x.charge.id)).toEqual([counter.value.id]);
      // Histórico's CSV export keeps the sends (how, to whom, when), paid or not.
      const page = await h['history:page']({
        day: localDay(Date.now()),
        page: 1,
        perPage: 50,
      });
      if (!page.ok) throw new Error(page.code);
      const csv = chargesCsv(page.value.items, { status: (s) => s, yes: 'Sim', no: 'Não' });
      const row = (id: string) => csv.split('\r\n').find((l) => l.startsWith(`${id};`)) ?? '';
      expect(row(long.value.externalId)).toMatch(
        /;PAID;.*;WhatsApp para 5511912345678 em [\d/]+ [\d:]+$/,
      );
      expect(row(counter.value.externalId)).toMatch(
        /;E-mail para ana@padaria\.com\.br em [\d/: ]+$/,
      );
    } finally {
      await t.core.stop();
    }
  });
});
