import Database from 'better-sqlite3';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChargeView } from '../../../shared/views';
import { tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';
import { DEMO_ACCOUNT, eventually, sandbox, type TestSandbox } from '../../helpers/sandbox';
import { setPdvPayer } from '../../helpers/pdv-host';
import { StandInPdv } from '../../helpers/stand-in-pdv';

// The shop's PDV hands sales to Balcão through the TEF Dial files (docs/pdv-integration.md):
// a stand-in PDV written from the protocol documents drives the development host (real files,
// real SQLite ledger) on the PSP sandbox.
const PIN = '2468';
let sb: TestSandbox;
let host: Host;
let pdv: StandInPdv;
let dataDir: string;
let pdvDir: string;

const hostEnv = () => ({
  BALCAO_DATA_DIR: dataDir,
  BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
  BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
  BALCAO_OWNER_PIN: PIN,
  BALCAO_KEYCHAIN_SERVICE: `balcao-test-pdv-${process.pid}`,
});
const start = (env: Record<string, string> = {}) =>
  startHost(['--psp', sb.baseUrl, '--pdv-dir', pdvDir], { ...hostEnv(), ...env });

beforeAll(async () => {
  sb = await sandbox();
  dataDir = tempDir();
  pdvDir = tempDir('balcao-pdv-');
  pdv = new StandInPdv(pdvDir);
  host = await start();
  // The PDV sends only an amount: the charge carries the owner's `Pagador padrão`.
  await setPdvPayer(host, PIN);
});
afterAll(async () => {
  await host?.stop();
  await sb?.close();
});

/** The charge the PDV's sale put on the Caixa (the `pdv:sale` event). */
const saleCharge = (id: string) =>
  eventually(async () => {
    const e = host.events.findLast(
      (x) =>
        x.event === 'pdv:sale' && (x.payload as { reference: string }).reference === `PDV ${id}`,
    );
    return e && (e.payload as { charge: ChargeView }).charge;
  }, 20_000);
const pay = (c: ChargeView) => sb.control('POST', `/charges/${c.externalId}/pay`);
const pspCharges = async () =>
  (await sb.control('GET', '/charges')).body as Array<{ externalId: string; amount: number }>;
const exchanges = () => {
  const db = new Database(path.join(dataDir, 'ledger.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('SELECT data FROM pdv_exchanges ORDER BY created_at').all() as Array<{
        data: string;
      }>
    ).map(
      (r) => JSON.parse(r.data) as { identifier: string; state: string; refundReason?: string },
    );
  } finally {
    db.close();
  }
};
const exchange = (id: string) => exchanges().findLast((e) => e.identifier === id);

describe('the TEF Dial exchange with a stand-in PDV', () => {
  it('answers ATV with IntPos.Sts within the 7 s a PDV waits', async () => {
    expect(await pdv.isActive()).toBe(true);
  });

  it('the Integração page is told the exchange is on by --pdv-dir, though the saved setting is off', async () => {
    const o = (await host.call('pdv:overview', {})) as {
      ok: boolean;
      value: { exchange: { state: string; forced?: boolean } };
    };
    expect(o.value.exchange).toMatchObject({ state: 'watching', forced: true });
  });

  it('an ACBr PDV on Linux (lower-case intpos.* names, compared exactly) finds its status and answer', async () => {
    const acbr = new StandInPdv(pdvDir, {
      request: 'intpos.001',
      status: 'intpos.sts',
      answer: 'intpos.001',
    });
    expect(await acbr.isActive()).toBe(true);
    const id = '9000001';
    acbr.write(
      StandInPdv.format([
        ['000-000', 'CRT'],
        ['001-000', id],
        ['003-000', 0],
      ]),
    );
    await acbr.waitStatus('CRT', id);
    expect((await acbr.waitAnswer(id, 10_000)).answer.get('030-000')).toBe('VALOR ZERO');
  });

  it('CRT → QR on the Caixa → paid → approved answer with the PIX receipt → CNF settles it', async () => {
    const sale = await pdv.sale(1234, { document: '654321' });
    const charge = await eventually(async () => {
      const e = host.events.findLast((x) => x.event === 'pdv:sale');
      const c = e && (e.payload as { charge: ChargeView; reference: string });
      return c?.reference.startsWith(`PDV ${sale.id}`) && c.charge;
    }, 20_000);
    // The QR the Caixa shows is for exactly the PDV's amount.
    expect(charge.amountCents).toBe(1234);
    expect(charge.brcode).toContain('540512.34');
    expect(charge.description).toBe(`PDV ${sale.id} doc 654321`);
    await pay(charge);
    const { answer, raw } = await sale.result();
    expect(raw.endsWith('999-999 = 0\r\n')).toBe(true);
    expect(answer.get('000-000')).toBe('CRT');
    expect(answer.get('002-000')).toBe('654321');
    expect(answer.get('009-000')).toBe('0');
    expect(answer.get('003-000')).toBe('1234');
    expect(answer.get('729-000')).toBe('2');
    expect(answer.get('027-000')).toBe(charge.externalId);
    const receipt = StandInPdv.receipt(answer);
    expect(receipt).toContain('COMPROVANTE DE PAGAMENTO PIX');
    expect(receipt).toContain('VALOR: R$ 12,34');
    expect(receipt.join('\n')).toContain(`REF: ${charge.externalId}`);
    for (const line of receipt) expect(line.length).toBeLessThanOrEqual(40);
    expect(/^[\x20-\x7e\r\n]*$/.test(raw)).toBe(true);
    await pdv.finish('CNF', sale.id, answer);
    await eventually(async () => exchange(sale.id)?.state === 'confirmed');
  });

  it('CRT → canceled by the cashier → denied answer with the reason in words', async () => {
    const sale = await pdv.sale(500);
    const charge = await saleCharge(sale.id);
    expect((await host.call('charges:cancel', { id: charge.id })).ok).toBe(true);
    const { answer } = await sale.result();
    expect(answer.get('009-000')).not.toBe('0');
    expect(answer.get('030-000')).toBe('COBRANCA PIX CANCELADA NO CAIXA');
    expect(exchange(sale.id)?.state).toBe('denied');
  });

  it('CRT → paid → NCN: the sale is undone and its money marked to give back', async () => {
    const sale = await pdv.sale(777);
    const charge = await saleCharge(sale.id);
    await pay(charge);
    const { answer } = await sale.result();
    expect(answer.get('009-000')).toBe('0');
    await pdv.finish('NCN', sale.id, answer);
    await eventually(async () => exchange(sale.id)?.state === 'undone');
    expect(exchange(sale.id)?.refundReason).toBe('NCN');
    await eventually(async () =>
      host.events.some(
        (e) =>
          e.event === 'app:notice' &&
          (e.payload as { code: string; params?: { identifier?: string } }).code ===
            'PDV_REFUND_DUE' &&
          (e.payload as { params: { identifier: string } }).params.identifier === sale.id,
      ),
    );
    // The charge itself stays paid: money arrived and is never hidden; Histórico shows it is due back.
    const c = await host.call<ChargeView>('charges:get', { id: charge.id });
    expect(c.ok && c.value.status).toBe('PAID');
    expect(c.ok && c.value.flags).toContain('REFUND_DUE');
  });

  it('a PDV rewriting the same request: one charge, one answer, status written again', async () => {
    const before = (await pspCharges()).length;
    const sale = await pdv.sale(4321);
    const charge = await saleCharge(sale.id);
    // The same request again (same command and identifier), as a PDV retrying does.
    pdv.write(
      StandInPdv.format([
        ['000-000', 'CRT'],
        ['001-000', sale.id],
        ['003-000', 4321],
        ['004-000', '0'],
      ]),
    );
    await pdv.waitStatus('CRT', sale.id);
    expect((await pspCharges()).length).toBe(before + 1);
    await pay(charge);
    const { answer } = await sale.result();
    expect(answer.get('009-000')).toBe('0');
    expect((await pspCharges()).length).toBe(before + 1);
    await pdv.finish('CNF', sale.id, answer);
  });

  it('a PDV that never confirms: the next sale settles the last one as undone, money marked to give back', async () => {
    const unconfirmed = await pdv.sale(321);
    await pay(await saleCharge(unconfirmed.id));
    expect((await unconfirmed.result()).answer.get('009-000')).toBe('0');
    // No CNF: the PDV starts another sale.
    const next = await pdv.sale(654);
    await eventually(async () => exchange(unconfirmed.id)?.refundReason === 'NOT_CONFIRMED');
    expect(exchange(unconfirmed.id)?.state).toBe('undone');
    await pay(await saleCharge(next.id));
    const { answer } = await next.result();
    await pdv.finish('CNF', next.id, answer);
    await eventually(async () => exchange(next.id)?.state === 'confirmed');
  });

  it('CNC of a paid sale by its NSU: answered, and its money marked to give back', async () => {
    const sale = await pdv.sale(990);
    await pay(await saleCharge(sale.id));
    const { answer } = await sale.result();
    await pdv.finish('CNF', sale.id, answer);
    const cnc = await pdv.cancel(answer.get('012-000')!);
    expect(cnc.answer.get('009-000')).toBe('0');
    expect(cnc.answer.get('025-000')).toBe(answer.get('012-000'));
    expect(StandInPdv.receipt(cnc.answer)).toContain('CANCELAMENTO DE VENDA PIX');
    await eventually(async () => exchange(sale.id)?.refundReason === 'CNC');
  });
});

describe('bad input from the PDV', () => {
  const denial = async (fields: Array<[string, string | number]>) => {
    const id = pdv.nextId();
    pdv.write(StandInPdv.format([['001-000', id], ...fields]));
    const command = String(fields.find(([k]) => k === '000-000')?.[1] ?? '');
    await pdv.waitStatus(command, id);
    return (await pdv.waitAnswer(id, 10_000)).answer;
  };

  it('amount 0, above the limit, or not a number: denied at once, nothing charged', async () => {
    const before = (await pspCharges()).length;
    const zero = await denial([
      ['000-000', 'CRT'],
      ['003-000', 0],
    ]);
    expect(zero.get('009-000')).not.toBe('0');
    expect(zero.get('030-000')).toBe('VALOR ZERO');
    const huge = await denial([
      ['000-000', 'CRT'],
      ['003-000', 999_999_999_999],
    ]);
    expect(huge.get('030-000')).toBe('VALOR ACIMA DO LIMITE DO PIX');
    const text = await denial([
      ['000-000', 'CRT'],
      ['003-000', '12,34'],
    ]);
    expect(text.get('030-000')).toBe('VALOR INVALIDO');
    expect((await pspCharges()).length).toBe(before);
  });

  it('an unknown command and ADM: status, then "not supported"', async () => {
    const unknown = await denial([['000-000', 'XYZ']]);
    expect(unknown.get('009-000')).toBe('3');
    const adm = await denial([['000-000', 'ADM']]);
    expect(adm.get('030-000')).toBe('OPERACAO NAO SUPORTADA PELO PIX');
  });

  it('a truncated request (no 999-999): answered as broken once it stops changing', async () => {
    const id = pdv.nextId();
    writeFileSync(
      path.join(pdv.req, 'IntPos.001'),
      `000-000 = CRT\r\n001-000 = ${id}\r\n003-000 = 100\r\n`,
      'latin1',
    );
    await pdv.waitStatus('CRT', id, 10_000);
    const { answer } = await pdv.waitAnswer(id, 10_000);
    expect(answer.get('030-000')).toBe('ARQUIVO INCOMPLETO (SEM 999-999)');
    expect(existsSync(path.join(pdv.req, 'IntPos.001'))).toBe(false);
  });

  it('a second sale while one waits: the newcomer is denied, the first still ends paid', async () => {
    const first = await pdv.sale(300);
    const charge = await saleCharge(first.id);
    const second = await pdv.sale(400);
    const denied = await second.result();
    expect(denied.answer.get('030-000')).toBe('OUTRA VENDA EM ANDAMENTO');
    await pay(charge);
    const { answer } = await first.result();
    expect(answer.get('009-000')).toBe('0');
    await pdv.finish('CNF', first.id, answer);
  });

  it('a sale while the cashier has a charge of her own on screen: denied, Caixa busy', async () => {
    const own = await host.call<ChargeView>('charges:create', {
      amountCents: 250,
      payer: {
        name: 'Ana Souza',
        document: '123.456.789-09',
        email: 'ana@padaria.com.br',
        phone: '5511912345678',
      },
    });
    expect(own.ok).toBe(true);
    const sale = await pdv.sale(600);
    const { answer } = await sale.result();
    expect(answer.get('030-000')).toBe('CAIXA OCUPADO: COBRANCA NA TELA');
    if (own.ok) await host.call('charges:cancel', { id: own.value.id });
  });
});

describe('a crash of Balcão between payment and answer', () => {
  it('the approved answer is written on restart, once', async () => {
    await host.stop();
    host = await start({ BALCAO_TEST_CRASH_BEFORE_PDV_ANSWER: '1' });
    const sale = await pdv.sale(1500);
    const charge = await saleCharge(sale.id);
    await pay(charge);
    // The payment is committed, then the process dies before the answer file exists.
    await eventually(
      async () => host.child.exitCode !== null || host.child.signalCode !== null,
      20_000,
    );
    expect(readdirSync(pdv.resp).some((n) => n.toLowerCase() === 'intpos.001')).toBe(false);
    host = await start();
    const { answer } = await sale.result();
    expect(answer.get('009-000')).toBe('0');
    expect(answer.get('027-000')).toBe(charge.externalId);
    await pdv.finish('CNF', sale.id, answer);
    await eventually(async () => exchange(sale.id)?.state === 'confirmed');
  });
});
