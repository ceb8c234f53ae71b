import { randomBytes, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { cobvRoutes, cobvToday } from './cobv';
import { cobPayload, jwks, signLocation } from './jws';
import type { SandboxPki } from './pki';
import { dynamicBrCode } from './brcode';
import { ApiPixState, type Cob, type ReceivedPix } from './state';
import { API_PIX_PROFILES, type ApiPixProfileId } from './profiles';
import { deliverPix } from './webhooks';
import { probeWebhookUrl } from './registration-probe';
import { deliverAfter } from './late-webhook';
import { cents, cobJson, devolucaoJson, PixProblem, pixJson, reais } from './wire';

export const API_PIX_ACCOUNT = {
  clientId: 'Client_Id_sandbox',
  clientSecret: 'Client_Secret_sandbox',
  chave: '7d9f0335-8dcc-4054-9bf9-0dbd61d36906',
  merchantName: 'LOJA TESTE',
  merchantCity: 'SAO PAULO',
} as const;

export interface ApiPixSandboxOptions {
  pki: SandboxPki;
  host?: string;
  port?: number;
  publicPort?: number;
  now?: () => number;
  tokenTtlSeconds?: number;
  /** Whom to trust for the webhook receiver's server certificate (default: the sandbox's CA). */
  webhookCa?: string;
  /**
   * The host name in each location and `jku` (default `pix.sandbox.test`). A BR Code's location
   * is a bare `host/path` (no port), so the reader maps this name to `publicAddress`.
   */
  publicName?: string;
  /** A refund settles (`DEVOLVIDO`) this long after it is asked for. */
  refundSettleMs?: number;
  /** Which bank's documented behaviour to follow where banks differ (profiles.ts). */
  profile?: ApiPixProfileId;
  /**
   * Check a webhook URL at registration as Efí does (registration-probe.ts): a request without
   * certificate that must be refused, then the test notification. Off by default.
   */
  registrationProbe?: boolean;
}

export interface ApiPixSandbox {
  /** `https://<host>:<port>/v2`: the API, mutual TLS only. */
  baseUrl: string;
  tokenUrl: string;
  /** `https://<host>:<publicPort>`: locations, the JWK Set and the control interface (no client certificate). */
  publicOrigin: string;
  /** The name locations use, and where it really listens (`127.0.0.1:<port>`). */
  publicName: string;
  publicAddress: string;
  state: ApiPixState;
  /** The sandbox pay route's work: a PIX for this charge lands (the charge's amount by default). */
  pay(txid: string, valorCents?: number): Promise<ReceivedPix>;
  close(): Promise<void>;
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const E2E = /^[a-zA-Z0-9]{32}$/;
const DEV_ID = /^[a-zA-Z0-9]{1,35}$/;
const SCOPES =
  'cob.write cob.read cobv.write cobv.read pix.write pix.read webhook.write webhook.read';

/**
 * The PSP sandbox speaking the Central Bank's API Pix (docs/api-pix.md): OAuth2 client
 * credentials over mutual TLS (a client without a certificate from the sandbox's CA is refused
 * at the handshake), `cob`, received PIX, devolução, webhooks delivered with the PSP's own
 * client certificate, and dynamic BR Codes whose location serves a signed JWS.
 */
export async function startApiPixSandbox(o: ApiPixSandboxOptions): Promise<ApiPixSandbox> {
  const now = o.now ?? Date.now;
  const host = o.host ?? '127.0.0.1';
  const ttl = o.tokenTtlSeconds ?? 3600;
  const state = new ApiPixState(now);
  const { pki } = o;
  const profile = API_PIX_PROFILES[o.profile ?? 'spec'];
  const timers = new Set<NodeJS.Timeout>();

  const api = Fastify({
    logger: false,
    forceCloseConnections: true,
    bodyLimit: 1 << 20,
    https: {
      cert: pki.server.certPem,
      key: pki.server.keyPem,
      ca: pki.ca.certPem,
      requestCert: true,
      rejectUnauthorized: true,
      minVersion: 'TLSv1.2',
    },
  });
  const pub = Fastify({
    logger: false,
    forceCloseConnections: true,
    bodyLimit: 1 << 16,
    https: { cert: pki.server.certPem, key: pki.server.keyPem, minVersion: 'TLSv1.2' },
  });
  for (const app of [api, pub]) {
    app.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string' },
      (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    app.setErrorHandler((e, _req, reply) => {
      const p =
        e instanceof PixProblem
          ? e
          : new PixProblem(
              (e as { statusCode?: number }).statusCode ?? 400,
              'RequisicaoInvalida',
              'Requisição inválida.',
            );
      return reply
        .code(p.status)
        .headers(p.headers)
        .type('application/problem+json')
        .send(p.json());
    });
  }

  api.addHook('onRequest', async (req) => {
    state.requestLog.push({ method: req.method, url: req.url, at: Date.now() });
  });

  // Known once the open side listens (after every route is registered).
  const publicName = o.publicName ?? 'pix.sandbox.test';
  const publicHost = publicName;
  let publicOrigin = '';
  const jku = () => `https://${publicName}/jwks`;

  // — the OAuth2 token endpoint —
  api.post('/oauth/token', async (req, reply) => {
    if (state.faults.tokenHtml) {
      return reply.code(200).type('text/html').send('<!doctype html><title>Login</title><form>');
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    const basic = /^Basic\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const [id, secret] = basic
      ? (Buffer.from(basic, 'base64').toString('utf8').split(/:(.*)/s) as [string, string?])
      : [String(body.client_id ?? ''), String(body.client_secret ?? '')];
    if (body.grant_type !== 'client_credentials') {
      return reply.code(400).send({ error: 'unsupported_grant_type' });
    }
    if (!same(id, API_PIX_ACCOUNT.clientId) || !same(secret ?? '', API_PIX_ACCOUNT.clientSecret)) {
      return reply.code(401).send({ error: 'invalid_client' });
    }
    const asked = typeof body.scope === 'string' && body.scope.trim() ? body.scope : SCOPES;
    const scopes = new Set(asked.split(/\s+/).filter((s) => SCOPES.split(' ').includes(s)));
    const token = randomBytes(24).toString('base64url');
    state.tokens.set(token, { expiresAt: now() + ttl * 1000, scopes });
    return {
      access_token: token,
      token_type: 'Bearer',
      expires_in: ttl,
      scope: [...scopes].join(' '),
    };
  });

  const guard = (scope: string) => async (req: FastifyRequest) => {
    const f = state.faults;
    const limited = f.rateLimit && f.rateLimit > 0 ? 'rateLimit' : undefined;
    const readLimited =
      req.method === 'GET' && f.readRateLimit && f.readRateLimit > 0 ? 'readRateLimit' : undefined;
    const which = limited ?? readLimited;
    if (which) {
      f[which]! -= 1;
      throw new PixProblem(429, 'LimiteExcedido', 'Muitas requisições.', { 'retry-after': '1' });
    }
    const token = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const t = state.tokens.get(token);
    if (!t || t.expiresAt <= now())
      throw new PixProblem(401, 'NaoAutorizado', 'Token inválido ou expirado.');
    if (!t.scopes.has(scope)) throw new PixProblem(403, 'AcessoNegado', `Escopo ${scope} ausente.`);
  };
  const cob = (txid: string): Cob => {
    const c = state.cobs.get(txid);
    // A cobv is another resource: `/cob/{txid}` does not know it ([spec] CobNaoEncontrado).
    if (!c || c.cobv) throw profile.cobNotFound();
    return c;
  };
  const cobReply = (c: Cob) => {
    const j = cobJson(c, publicHost);
    const withCode = {
      ...j,
      pixCopiaECola: dynamicBrCode(
        j.location,
        API_PIX_ACCOUNT.merchantName,
        API_PIX_ACCOUNT.merchantCity,
      ),
    };
    const v = state.faults.replyValor;
    return v === undefined ? withCode : { ...withCode, valor: { original: v } };
  };

  /** The cob as a lagging `GET /cob` shows it: paid less than `cobLagMs` ago reads `ATIVA`. */
  const lagging = (c: Cob): Cob => {
    const lag = state.faults.cobLagMs ?? 0;
    const paidAt = c.pix.length ? Date.parse(c.pix[c.pix.length - 1]!.horario) : NaN;
    if (c.status !== 'CONCLUIDA' || !(now() - paidAt < lag)) return c;
    return { ...c, status: 'ATIVA', pix: [] };
  };

  // — cob —
  api.put<{ Params: { txid: string } }>(
    '/v2/cob/:txid',
    { preHandler: guard('cob.write') },
    async (req, reply) => {
      const { txid } = req.params;
      if (!TXID.test(txid))
        throw new PixProblem(400, 'CobOperacaoInvalida', 'txid fora do padrão [a-zA-Z0-9]{26,35}.');
      const b = (req.body ?? {}) as {
        valor?: { original?: unknown };
        chave?: unknown;
        calendario?: { expiracao?: unknown };
        solicitacaoPagador?: unknown;
        devedor?: unknown;
      };
      const valorCents = cents(b.valor?.original);
      if (valorCents === null || valorCents === 0)
        throw new PixProblem(
          400,
          'CobOperacaoInvalida',
          'O campo cob.valor.original não respeita o schema.',
        );
      if (b.chave !== API_PIX_ACCOUNT.chave)
        throw new PixProblem(
          400,
          'CobOperacaoInvalida',
          'O campo cob.chave corresponde a uma conta que não pertence a este usuário recebedor.',
        );
      const exp = b.calendario?.expiracao ?? 86_400;
      if (typeof exp !== 'number' || !Number.isInteger(exp) || exp <= 0)
        throw new PixProblem(
          400,
          'CobOperacaoInvalida',
          'O campo cob.calendario.expiracao é igual ou menor que zero.',
        );
      const existing = state.cobs.get(txid);
      if (existing && profile.repeatedPut) throw profile.repeatedPut();
      if (existing && existing.status !== 'ATIVA')
        throw new PixProblem(400, 'CobOperacaoInvalida', 'A cobrança já existe e não está ATIVA.');
      const next: Cob = {
        txid,
        revisao: existing?.revisao ?? 0,
        status: 'ATIVA',
        criacao: existing?.criacao ?? state.iso(),
        expiracao: exp,
        valorCents,
        chave: API_PIX_ACCOUNT.chave,
        ...(typeof b.solicitacaoPagador === 'string' && {
          solicitacaoPagador: b.solicitacaoPagador.slice(0, 140),
        }),
        ...(typeof b.devedor === 'object' &&
          b.devedor !== null && { devedor: b.devedor as Record<string, string> }),
        loc: existing?.loc ?? state.newLoc(),
        pix: [],
      };
      if (existing && (existing.valorCents !== valorCents || existing.expiracao !== exp))
        next.revisao++;
      state.cobs.set(txid, next);
      if (state.faults.cobLost && state.faults.cobLost > 0) {
        // Taken, and the answer never reaches the client.
        state.faults.cobLost--;
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      return reply.code(201).send(cobReply(next));
    },
  );
  api.get<{ Params: { txid: string } }>(
    '/v2/cob/:txid',
    { preHandler: guard('cob.read') },
    async (req) => cobReply(lagging(cob(req.params.txid))),
  );
  api.patch<{ Params: { txid: string } }>(
    '/v2/cob/:txid',
    { preHandler: guard('cob.write') },
    async (req) => {
      const c = cob(req.params.txid);
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (c.status !== 'ATIVA')
        throw new PixProblem(400, 'CobOperacaoInvalida', 'A cobrança não está ATIVA.');
      if (b.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || Object.keys(b).length !== 1)
        throw new PixProblem(400, 'CobOperacaoInvalida', 'Só a remoção é aceita nesta revisão.');
      c.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      c.revisao++;
      return cobReply(c);
    },
  );

  // — received PIX —
  api.get('/v2/pix', { preHandler: guard('pix.read') }, async (req) => {
    const q = req.query as Record<string, string | undefined>;
    const inicio = Date.parse(q.inicio ?? '');
    const fim = Date.parse(q.fim ?? '');
    if (Number.isNaN(inicio) || Number.isNaN(fim) || fim < inicio)
      throw new PixProblem(
        400,
        'ConsultaInvalida',
        'inicio e fim (RFC 3339) são obrigatórios; fim não pode ser anterior a inicio.',
      );
    const page = Number(q['paginacao.paginaAtual'] ?? 0);
    const asked = Number(q['paginacao.itensPorPagina'] ?? 100);
    if (
      !Number.isInteger(page) ||
      page < 0 ||
      !Number.isInteger(asked) ||
      asked < 1 ||
      asked > 1000
    )
      throw new PixProblem(400, 'ConsultaInvalida', 'Paginação fora do schema.');
    const per = Math.min(asked, state.faults.pixPageMax ?? asked);
    const all = [...state.pix.values()]
      .filter((p) => {
        const t = Date.parse(p.horario);
        return t >= inicio && t <= fim && (q.txid === undefined || p.txid === q.txid);
      })
      .sort((a, b) => a.horario.localeCompare(b.horario));
    return {
      parametros: {
        inicio: q.inicio,
        fim: q.fim,
        paginacao: {
          paginaAtual: page,
          itensPorPagina: per,
          quantidadeDePaginas: Math.max(1, Math.ceil(all.length / per)),
          quantidadeTotalDeItens: all.length,
        },
      },
      pix: all.slice(page * per, page * per + per).map(pixJson),
    };
  });
  const received = (e2e: string) => {
    const p = E2E.test(e2e) ? state.pix.get(e2e) : undefined;
    if (!p) throw new PixProblem(404, 'PixNaoEncontrado', 'Pix não encontrado.');
    return p;
  };
  api.get<{ Params: { e2eid: string } }>(
    '/v2/pix/:e2eid',
    { preHandler: guard('pix.read') },
    async (req) => pixJson(received(req.params.e2eid)),
  );
  api.put<{ Params: { e2eid: string; id: string } }>(
    '/v2/pix/:e2eid/devolucao/:id',
    { preHandler: guard('pix.write') },
    async (req, reply) => {
      state.refundRequests.push({ e2eid: req.params.e2eid, id: req.params.id });
      const p = received(req.params.e2eid);
      const { id } = req.params;
      if (!DEV_ID.test(id)) throw new PixProblem(400, 'PixDevolucaoInvalida', 'id fora do padrão.');
      if (p.devolucoes.some((d) => d.id === id))
        throw new PixProblem(
          400,
          'PixDevolucaoInvalida',
          'O id já foi utilizado por outra devolução deste Pix.',
        );
      const valorCents = cents(((req.body ?? {}) as Record<string, unknown>).valor);
      if (valorCents === null || valorCents === 0)
        throw new PixProblem(
          400,
          'PixDevolucaoInvalida',
          'O campo devolucao.valor não respeita o schema.',
        );
      const used = p.devolucoes
        .filter((d) => d.status !== 'NAO_REALIZADO')
        .reduce((s, d) => s + d.valorCents, 0);
      if (used + valorCents > p.valorCents)
        throw new PixProblem(
          400,
          'PixDevolucaoInvalida',
          `A devolução excederia o valor do Pix (restam ${reais(p.valorCents - used)}).`,
        );
      const d = {
        id,
        rtrId: `D${p.endToEndId.slice(1)}`,
        valorCents,
        solicitacao: state.iso(),
        status: 'EM_PROCESSAMENTO' as const,
      };
      p.devolucoes.push(d);
      const fails = state.faults.refundFails;
      const t = setTimeout(() => {
        timers.delete(t);
        Object.assign(
          d,
          fails
            ? { status: 'NAO_REALIZADO', motivo: 'Conta do pagador encerrada (sandbox).' }
            : { status: 'DEVOLVIDO', liquidacao: state.iso() },
        );
        void deliverPix(state, pki.webhookClient, o.webhookCa ?? pki.ca.certPem, p);
      }, o.refundSettleMs ?? 200);
      timers.add(t);
      if (state.faults.refundLost && state.faults.refundLost > 0) {
        // Taken, and the answer never reaches the client.
        state.faults.refundLost--;
        reply.hijack();
        req.raw.socket.destroy();
        return reply;
      }
      return reply.code(201).send(devolucaoJson(d));
    },
  );
  api.get<{ Params: { e2eid: string; id: string } }>(
    '/v2/pix/:e2eid/devolucao/:id',
    { preHandler: guard('pix.read') },
    async (req) => {
      const d = received(req.params.e2eid).devolucoes.find((x) => x.id === req.params.id);
      if (!d) throw new PixProblem(404, 'NaoEncontrado', 'Devolução não encontrada.');
      return devolucaoJson(d);
    },
  );

  // — webhook —
  api.put<{ Params: { chave: string } }>(
    '/v2/webhook/:chave',
    { preHandler: guard('webhook.write') },
    async (req) => {
      const url = ((req.body ?? {}) as Record<string, unknown>).webhookUrl;
      if (req.params.chave !== API_PIX_ACCOUNT.chave)
        throw new PixProblem(
          400,
          'WebhookOperacaoInvalida',
          'A chave não pertence a este usuário recebedor.',
        );
      if (typeof url !== 'string' || !/^https:\/\//.test(url))
        throw new PixProblem(
          400,
          'WebhookOperacaoInvalida',
          'Campo webhook.webhookUrl não respeita o schema.',
        );
      if (o.registrationProbe) {
        const checked = await probeWebhookUrl(
          state,
          pki.webhookClient,
          o.webhookCa ?? pki.ca.certPem,
          url,
        );
        // Efí's error shape ({nome, mensagem}); the name and status are an assumption.
        if (!checked.ok)
          throw new PixProblem(
            400,
            'webhook_invalido',
            `A URL do webhook não passou na verificação: ${checked.why}.`,
            {},
            { nome: 'webhook_invalido', mensagem: checked.why },
          );
      }
      state.webhooks.set(req.params.chave, { url, criacao: state.iso() });
      return {};
    },
  );
  api.get<{ Params: { chave: string } }>(
    '/v2/webhook/:chave',
    { preHandler: guard('webhook.read') },
    async (req) => {
      const w = state.webhooks.get(req.params.chave);
      if (!w) throw new PixProblem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
      return { webhookUrl: w.url, chave: req.params.chave, criacao: w.criacao };
    },
  );
  api.delete<{ Params: { chave: string } }>(
    '/v2/webhook/:chave',
    { preHandler: guard('webhook.write') },
    async (req, reply: FastifyReply) => {
      if (!state.webhooks.delete(req.params.chave))
        throw new PixProblem(404, 'WebhookNaoEncontrado', 'Webhook não encontrado.');
      return reply.code(204).send();
    },
  );

  // — the open side: locations and the JWK Set (what a payer's bank reads) —
  pub.get<{ Params: { token: string } }>('/qr/v2/:token', async (req, reply) => {
    const c = state.cobByLocToken(req.params.token);
    if (!c || c.cobv)
      throw new PixProblem(
        404,
        'CobPayloadNaoEncontrado',
        'Cobrança não encontrada para a location.',
      );
    const jws = await signLocation(cobPayload(c, state.iso()), pki.signer, jku(), state.faults.jws);
    return reply.type('application/jose').send(jws);
  });
  pub.get('/jwks', async () => jwks(pki.signer, pki.ca.certPem));

  const pay = async (txid: string, valorCents?: number): Promise<ReceivedPix> => {
    const c = state.cobs.get(txid)?.cobv ? state.cobs.get(txid)! : cob(txid);
    // removedWhilePaid: a PIX already in transit still lands on a cob removed meanwhile (#324).
    if (c.status !== 'ATIVA' && !(state.faults.removedWhilePaid && c.status.startsWith('REMOVIDA')))
      throw new PixProblem(400, 'CobOperacaoInvalida', 'A cobrança não está ATIVA.');
    // A cobv is paid what its location asks today (fine and interest after the due date).
    const due = c.cobv && cobvToday(c, now());
    if (due?.expired)
      throw new PixProblem(400, 'CobVOperacaoInvalida', 'A cobrança passou da validade.');
    const p: ReceivedPix = {
      endToEndId: state.newE2e(),
      txid,
      valorCents: valorCents ?? due?.final ?? c.valorCents,
      // What the value is made of, when it is what was due (a PSP sums them to `valor`).
      ...(due && (valorCents ?? due.final) === due.final && { componentes: due }),
      horario: state.iso(),
      chave: c.chave,
      devolucoes: [],
    };
    state.pix.set(p.endToEndId, p);
    if (state.faults.removedWhilePaid) {
      // bacen/pix-api #324: the cob was removed (by the PSP, or already by the shop) while this
      // PIX was in transit; it stays removed.
      if (c.status === 'ATIVA') {
        c.status = 'REMOVIDA_PELO_PSP';
        c.revisao++;
      }
    } else {
      c.pix.push(p);
      c.status = 'CONCLUIDA';
    }
    await deliverAfter(state.faults.webhookDelayMs, timers, () =>
      deliverPix(state, pki.webhookClient, o.webhookCa ?? pki.ca.certPem, p),
    );
    return p;
  };
  cobvRoutes(api, pub, {
    state,
    guard,
    publicHost,
    jku,
    pki,
    account: API_PIX_ACCOUNT,
  });
  controlRoutes(pub, state, pay);

  await pub.listen({ host, port: o.publicPort ?? 0 });
  const publicAddress = `${host}:${(pub.server.address() as { port: number }).port}`;
  publicOrigin = `https://${publicAddress}`;
  await api.listen({ host, port: o.port ?? 0 });
  const port = (api.server.address() as { port: number }).port;
  return {
    baseUrl: `https://${host}:${port}/v2`,
    tokenUrl: `https://${host}:${port}/oauth/token`,
    publicOrigin,
    publicName,
    publicAddress,
    state,
    pay,
    async close() {
      for (const t of timers) clearTimeout(t);
      await Promise.all([api.close(), pub.close()]);
    },
  };
}

/** `/__sandbox/...` on the open side (loopback): pay a charge, set or clear faults, read the webhook log. */
function controlRoutes(
  app: FastifyInstance,
  state: ApiPixState,
  pay: (txid: string, valorCents?: number) => Promise<ReceivedPix>,
) {
  app.post<{ Params: { txid: string } }>('/__sandbox/pay/:txid', async (req) => {
    const v = ((req.body ?? {}) as Record<string, unknown>).valor;
    const c = v === undefined ? undefined : cents(v);
    if (c === null) throw new PixProblem(400, 'RequisicaoInvalida', 'valor: "12.34"');
    const p = await pay(req.params.txid, c);
    return { endToEndId: p.endToEndId, valor: reais(p.valorCents) };
  });
  app.put('/__sandbox/faults', async (req) => {
    state.faults = { ...((req.body ?? {}) as object) };
    return state.faults;
  });
  app.get('/__sandbox/webhooks', async () => state.webhookLog);
}

function same(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}
