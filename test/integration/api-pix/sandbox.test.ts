import { compactVerify, createLocalJWKSet, decodeProtectedHeader } from 'jose';
import { payerFetch } from '../../../electron/services/psp/api-pix/tls';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseBrCode } from '../../../shared/domain/brcode';
import {
  API_PIX_ACCOUNT,
  apiPixSandbox,
  mtlsReceiver,
  rawMtls,
  testPki,
} from '../../helpers/api-pix';

const TXID = 'balcao0000000000000000000001';

describe('api-pix sandbox (mutual TLS on loopback)', () => {
  let sb: Awaited<ReturnType<typeof apiPixSandbox>>;
  let hook: Awaited<ReturnType<typeof mtlsReceiver>>;
  beforeAll(async () => {
    sb = await apiPixSandbox({ refundSettleMs: 20 });
    hook = await mtlsReceiver(sb.pki);
  });
  afterAll(async () => {
    await hook?.close();
    await sb?.close();
  });

  it('refuses a client without a certificate, and one from another CA, at the handshake', async () => {
    const none = rawMtls(sb, sb.pki, null);
    await expect(none.call('POST', sb.tokenUrl, { form: {} })).rejects.toThrow();
    const other = await (await import('../../../sandbox/api-pix/pki')).TestCa.create('Other CA');
    const stranger = rawMtls(sb, sb.pki, await other.issue({ cn: 'intruder' }));
    await expect(stranger.call('POST', sb.tokenUrl, { form: {} })).rejects.toThrow();
  });

  it('issues a token by Basic or form, refuses a wrong secret, and guards scopes', async () => {
    const c = rawMtls(sb, sb.pki);
    const bad = await c.call('POST', sb.tokenUrl, {
      form: {
        grant_type: 'client_credentials',
        client_id: API_PIX_ACCOUNT.clientId,
        client_secret: 'x',
      },
    });
    expect(bad.status).toBe(401);
    const form = await c.call('POST', sb.tokenUrl, {
      form: {
        grant_type: 'client_credentials',
        client_id: API_PIX_ACCOUNT.clientId,
        client_secret: API_PIX_ACCOUNT.clientSecret,
        scope: 'cob.read',
      },
    });
    expect(form.body.scope).toBe('cob.read');
    const put = await c.call('PUT', `/cob/${TXID}`, {
      body: { valor: { original: '1.00' }, chave: API_PIX_ACCOUNT.chave },
      headers: { authorization: `Bearer ${form.body.access_token}` },
    });
    expect(put.status).toBe(403);
    expect(put.body.type).toMatch(/AcessoNegado$/);
  });

  it('cob: PUT is idempotent by txid, the location serves a JWS the JWK Set verifies, pay concludes and the webhook arrives over mTLS', async () => {
    const c = rawMtls(sb, sb.pki);
    const auth = { authorization: `Bearer ${await c.token()}` };
    expect(
      (
        await c.call('PUT', '/webhook/' + API_PIX_ACCOUNT.chave, {
          body: { webhookUrl: hook.url },
          headers: auth,
        })
      ).status,
    ).toBe(200);
    const body = {
      calendario: { expiracao: 600 },
      valor: { original: '12.34' },
      chave: API_PIX_ACCOUNT.chave,
    };
    const a = await c.call('PUT', `/cob/${TXID}`, { body, headers: auth });
    const b = await c.call('PUT', `/cob/${TXID}`, { body, headers: auth });
    expect(a.status).toBe(201);
    expect(b.body).toMatchObject({
      txid: TXID,
      revisao: 0,
      status: 'ATIVA',
      valor: { original: '12.34' },
    });
    expect(b.body.location).toBe(a.body.location);
    const code = parseBrCode(String(a.body.pixCopiaECola));
    expect(code.ok && code.value.url).toBe(a.body.location);

    // As a payer's bank reads it: plain TLS, the location's name mapped to the loopback port.
    const payer = payerFetch({
      ca: sb.pki.ca.certPem,
      hosts: { [sb.publicName]: sb.publicAddress },
    });
    const jws = await (await payer.fetch(`https://${String(a.body.location)}`)).text();
    const header = decodeProtectedHeader(jws);
    expect(header).toMatchObject({ alg: 'RS256', jku: `https://${sb.publicName}/jwks` });
    const set = await (await payer.fetch(String(header.jku))).json();
    const verified = await compactVerify(jws, createLocalJWKSet(set as never));
    expect(JSON.parse(new TextDecoder().decode(verified.payload))).toMatchObject({
      txid: TXID,
      valor: { original: '12.34' },
      chave: API_PIX_ACCOUNT.chave,
    });

    const paid = await sb.control('POST', `/pay/${TXID}`);
    expect(paid.status).toBe(200);
    const after = await c.call('GET', `/cob/${TXID}`, { headers: auth });
    expect(after.body.status).toBe('CONCLUIDA');
    expect((after.body.pix as unknown[])[0]).toMatchObject({
      endToEndId: paid.body.endToEndId,
      valor: '12.34',
    });
    expect(hook.got[0]).toMatchObject({ path: '/webhook/pix', peer: 'PSP Sandbox webhooks' });
    expect(hook.got[0]!.body).toMatchObject({ pix: [{ txid: TXID, valor: '12.34' }] });
    // A concluded charge cannot be changed or removed.
    expect((await c.call('PUT', `/cob/${TXID}`, { body, headers: auth })).status).toBe(400);
    expect(
      (
        await c.call('PATCH', `/cob/${TXID}`, {
          body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
          headers: auth,
        })
      ).status,
    ).toBe(400);

    // Received PIX, paged; devolução partial then the rest, never more than the PIX.
    const now = new Date();
    const list = await c.call(
      'GET',
      `/pix?inicio=${new Date(now.getTime() - 60_000).toISOString()}&fim=${new Date(now.getTime() + 60_000).toISOString()}&paginacao.itensPorPagina=1`,
      { headers: auth },
    );
    expect((list.body.parametros as { paginacao: unknown }).paginacao).toMatchObject({
      paginaAtual: 0,
      itensPorPagina: 1,
    });
    expect(list.body.pix).toHaveLength(1);
    const e2e = paid.body.endToEndId as string;
    const d1 = await c.call('PUT', `/pix/${e2e}/devolucao/dev1`, {
      body: { valor: '10.00' },
      headers: auth,
    });
    expect(d1.body).toMatchObject({ id: 'dev1', status: 'EM_PROCESSAMENTO', valor: '10.00' });
    const over = await c.call('PUT', `/pix/${e2e}/devolucao/dev2`, {
      body: { valor: '2.35' },
      headers: auth,
    });
    expect(over.status).toBe(400);
    const again = await c.call('PUT', `/pix/${e2e}/devolucao/dev1`, {
      body: { valor: '1.00' },
      headers: auth,
    });
    expect(again.status).toBe(400);
    await expect
      .poll(
        async () =>
          (await c.call('GET', `/pix/${e2e}/devolucao/dev1`, { headers: auth })).body.status,
      )
      .toBe('DEVOLVIDO');
  });

  it('PATCH removes an active charge; a 429 carries Retry-After', async () => {
    const c = rawMtls(sb, sb.pki);
    const auth = { authorization: `Bearer ${await c.token()}` };
    const txid = 'balcao0000000000000000000002';
    await c.call('PUT', `/cob/${txid}`, {
      body: { valor: { original: '5.00' }, chave: API_PIX_ACCOUNT.chave },
      headers: auth,
    });
    const p = await c.call('PATCH', `/cob/${txid}`, {
      body: { status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR' },
      headers: auth,
    });
    expect(p.body).toMatchObject({ status: 'REMOVIDA_PELO_USUARIO_RECEBEDOR', revisao: 1 });
    await sb.control('PUT', '/faults', { rateLimit: 1 });
    const limited = await c.call('GET', `/cob/${txid}`, { headers: auth });
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('1');
  });

  it('the shared PKI is reused (one key generation per file)', async () => {
    expect(await testPki()).toBe(sb.pki);
  });
});
