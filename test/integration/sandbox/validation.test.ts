import { describe, expect, it } from 'vitest';
import { validDeposit, validTransaction } from '../../helpers/sandbox';
import { sandboxApiForFile } from '../../helpers/sandbox-terminal';

// The sandbox alone, over real HTTP: every validation rule is a 4xx with {message, code},
// and a refused request changes nothing (charge count, balances).
const env = sandboxApiForFile();

async function snapshot() {
  return {
    charges: (await env.sb.control('GET', '/charges')).body,
    stats: (await env.sb.control('GET', '/stats')).body,
  };
}

async function expectRefused(
  call: () => Promise<{ status: number; body: Record<string, unknown> }>,
  status: number,
  messagePart: RegExp,
  code?: string,
) {
  const before = await snapshot();
  const r = await call();
  expect(r.status).toBe(status);
  expect(typeof r.body.message).toBe('string');
  expect(typeof r.body.code).toBe('string');
  expect(r.body.message).toMatch(messagePart);
  if (code) expect(r.body.code).toBe(code);
  expect(await snapshot()).toEqual(before);
}

const deposit = (body: unknown) => () =>
  env.api.call('POST', '/payments/deposit', { body, headers: env.bearer });
const transaction = (body: unknown) => () =>
  env.api.call('POST', '/transactions/create', { body, headers: env.api.cics });

describe('POST /payments/deposit validation', () => {
  it('accepts a valid deposit: 201, PENDING, a BR Code with the amount', async () => {
    const r = await env.api.call('POST', '/payments/deposit', {
      body: validDeposit(),
      headers: env.bearer,
    });
    expect(r.status).toBe(201);
    expect(r.body.message).toMatch(/deposit created/i);
    expect(r.body.qrCodeResponse).toMatchObject({ status: 'PENDING', amount: 12.34 });
  });

  const { payer } = validDeposit();
  it.each([
    ['amount missing', { amount: undefined }, /amount is required/],
    ['amount as a string', { amount: '12.34' }, /amount/],
    ['amount with three decimals', { amount: 12.345 }, /amount.*TOO_MANY_DECIMALS/],
    ['amount zero', { amount: 0 }, /amount.*ZERO/],
    ['amount negative', { amount: -5 }, /amount/],
    ['amount above 100000.00', { amount: 100000.01 }, /amount.*ABOVE_MAX/],
    ['external_id missing', { external_id: undefined }, /external_id is required/],
    ['external_id with spaces', { external_id: 'a b' }, /external_id/],
    ['external_id of 65 chars', { external_id: 'x'.repeat(65) }, /external_id/],
    [
      'callback URL not https off loopback',
      { clientCallbackUrl: 'http://example.com/cb' },
      /clientCallbackUrl.*https/,
    ],
    ['callback URL not a URL', { clientCallbackUrl: 'nope' }, /clientCallbackUrl/],
    ['payer missing', { payer: undefined }, /payer is required/],
    ['payer.name empty', { payer: { ...payer, name: '' } }, /payer\.name/],
    ['payer.name over 100', { payer: { ...payer, name: 'x'.repeat(101) } }, /payer\.name/],
    ['payer.email invalid', { payer: { ...payer, email: 'ana@' } }, /payer\.email.*e-mail/],
    [
      'payer.document bad CPF check digits',
      { payer: { ...payer, document: '123.456.789-00' } },
      /payer\.document.*check digits/,
    ],
    [
      'payer.document bad CNPJ check digits',
      { payer: { ...payer, document: '11.222.333/0001-82' } },
      /payer\.document/,
    ],
    ['payer.phone without 55', { payer: { ...payer, phone: '11912345678' } }, /payer\.phone/],
    [
      'payer.phone with mask',
      { payer: { ...payer, phone: '+55 (11) 91234-5678' } },
      /payer\.phone/,
    ],
    ['description over 140', { description: 'x'.repeat(141) }, /description/],
  ])('refuses %s with 400', async (_name, over, message) => {
    await expectRefused(deposit(validDeposit(over)), 400, message);
  });

  it('refuses malformed JSON with 400 INVALID_JSON', async () => {
    await expectRefused(
      () =>
        env.api.call('POST', '/payments/deposit', {
          raw: '{"amount": 12.34,',
          headers: env.bearer,
        }),
      400,
      /malformed json/i,
      'INVALID_JSON',
    );
  });

  it('refuses a body that is not an object', async () => {
    await expectRefused(deposit([1, 2]), 400, /JSON object/, 'INVALID_BODY');
  });

  it('refuses a missing or bad token with 401 and a repeated external_id with 409', async () => {
    await expectRefused(
      () => env.api.call('POST', '/payments/deposit', { body: validDeposit() }),
      401,
      /token/i,
      'UNAUTHORIZED',
    );
    await expectRefused(
      () =>
        env.api.call('POST', '/payments/deposit', {
          body: validDeposit(),
          headers: { authorization: 'Bearer abc.def.ghi' },
        }),
      401,
      /invalid token/i,
    );
    await expectRefused(
      () =>
        env.api.call('POST', '/payments/deposit', { body: validDeposit(), headers: env.api.cics }),
      401,
      /Bearer/,
    );
    const body = validDeposit();
    expect((await deposit(body)()).status).toBe(201);
    await expectRefused(deposit(body), 409, /external_id already used/, 'DUPLICATE_ID');
  });
});

describe('POST /transactions/create validation', () => {
  it('accepts a valid transaction and echoes the transactionId', async () => {
    const body = validTransaction();
    const r = await transaction(body)();
    expect(r.status).toBe(201);
    expect(r.body.qrCodeResponse).toMatchObject({
      transactionId: body.transactionId,
      status: 'PENDING',
      amount: 50,
    });
  });

  it.each([
    [
      'payerDocument with mask (the seed: without mask)',
      { payerDocument: '123.456.789-09' },
      /payerDocument.*without mask/,
    ],
    ['payerDocument bad check digits', { payerDocument: '12345678900' }, /payerDocument/],
    ['payerName missing', { payerName: undefined }, /payerName is required/],
    ['projectWebhook not https', { projectWebhook: 'http://10.0.0.1/cb' }, /projectWebhook/],
    ['splitUser not an e-mail', { splitUser: 'joao' }, /splitUser/],
    ['splitTax above 100', { splitTax: 101 }, /splitTax/],
    ['amount three decimals', { amount: 1.001 }, /amount/],
  ])('refuses %s with 400', async (_name, over, message) => {
    await expectRefused(transaction(validTransaction(over)), 400, message);
  });

  it('needs ci/cs headers (401) and refuses a repeated transactionId (409)', async () => {
    await expectRefused(
      () => env.api.call('POST', '/transactions/create', { body: validTransaction() }),
      401,
      /ci\/cs/,
    );
    await expectRefused(
      () =>
        env.api.call('POST', '/transactions/create', {
          body: validTransaction(),
          headers: { ...env.api.cics, cs: 'wrong' },
        }),
      401,
      /credentials/,
    );
    const body = validTransaction();
    expect((await transaction(body)()).status).toBe(201);
    await expectRefused(transaction(body), 409, /already used/, 'DUPLICATE_ID');
  });
});

describe('other operations validate too', () => {
  it('login refuses wrong credentials and a missing field', async () => {
    await expectRefused(
      () =>
        env.api.call('POST', '/auth/login', {
          body: { client_id: 'demo-client-id', client_secret: 'nope' },
        }),
      401,
      /credentials/,
    );
    await expectRefused(
      () => env.api.call('POST', '/auth/login', { body: { client_id: 'x' } }),
      400,
      /client_secret is required/,
    );
  });

  it('withdrawals: key must match its type, amount within balance, unique external_id', async () => {
    const w = (over: Record<string, unknown>) => () =>
      env.api.call('POST', '/withdrawals/withdraw', {
        headers: env.bearer,
        body: {
          amount: 10,
          external_id: `w-${Math.random().toString(36).slice(2)}`,
          pix_key: 'ana@padaria.com.br',
          pix_key_type: 'EMAIL',
          clientCallbackUrl: 'http://127.0.0.1:1/cb',
          ...over,
        },
      });
    await expectRefused(w({ pix_key_type: 'CPF' }), 400, /pix_key: not a valid CPF key/);
    await expectRefused(w({ pix_key_type: 'IBAN' }), 400, /pix_key_type/);
    await expectRefused(w({ amount: 99999 }), 422, /insufficient/i, 'INSUFFICIENT_BALANCE');
    const ok = w({ external_id: 'w-unique-1' });
    expect((await ok()).status).toBe(201);
    await expectRefused(ok, 409, /already used/);
  });

  it('infractions: perPage 1..100, page ≥ 1', async () => {
    const list = (q: string) => () =>
      env.api.call('GET', `/meds/infractions/list?${q}`, { headers: env.api.cics });
    await expectRefused(list('perPage=101'), 400, /perPage/);
    await expectRefused(list('perPage=0'), 400, /perPage/);
    await expectRefused(list('page=0'), 400, /page/);
    await expectRefused(list('page=abc'), 400, /page/);
  });

  it('defense: A5 values, justificativa 10–2000, https proofs, only WAITING_PSP, once', async () => {
    const defend = (id: string, body: unknown) => () =>
      env.api.call('POST', `/meds/infractions/${id}/defense`, { headers: env.api.cics, body });
    const good = {
      analise: 'DISAGREED',
      justificativa: 'O cliente recebeu a mercadoria.',
      proofs: ['https://x.com/nota.pdf'],
    };
    await expectRefused(defend('inf-0001', { ...good, analise: 'MAYBE' }), 400, /analise/);
    await expectRefused(
      defend('inf-0001', { ...good, justificativa: 'curta' }),
      400,
      /justificativa/,
    );
    await expectRefused(defend('inf-0001', { ...good, proofs: ['http://x.com/a'] }), 400, /proofs/);
    await expectRefused(
      defend('inf-0001', { ...good, proofs: Array(11).fill('https://x.com/a') }),
      400,
      /proofs/,
    );
    await expectRefused(defend('inf-9999', good), 404, /not found/i);
    await expectRefused(defend('inf-0002', good), 409, /ACCEPTED/, 'NOT_DEFENSIBLE');
    expect((await defend('inf-0001', good)()).status).toBe(200);
    await expectRefused(defend('inf-0001', good), 409, /already/);
  });

  it('balance, infractions and the status query need ci/cs', async () => {
    for (const path of ['/users/balance', '/meds/infractions/list', '/transactions/whatever']) {
      await expectRefused(() => env.api.call('GET', path), 401, /ci\/cs/);
    }
  });

  it('crypto fees need a Bearer JWT', async () => {
    await expectRefused(
      () => env.api.call('GET', '/crypto/fees', { headers: env.api.cics }),
      401,
      /Bearer/,
    );
  });
});
