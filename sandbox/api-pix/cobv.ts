import type { FastifyInstance, FastifyRequest } from 'fastify';
import { cobvDue, dayNumber, readCobvTerms, shopDate } from '../../shared/domain/cobv';
import type { SandboxPki } from './pki';
import { dynamicBrCode } from './brcode';
import { signLocation } from './jws';
import type { ApiPixState, Cob } from './state';
import { cents, PixProblem, pixJson, reais } from './wire';

/**
 * The API Pix's charge with a due date, `cobv` ([spec] bacen/pix-api openapi.yaml at 1f1b568:
 * `PUT|GET|PATCH /cobv/{txid}`, CobVSolicitada, the `CobVOperacaoInvalida` violations, and the
 * location's `GET /cobv/{pixUrlAccessToken}` whose CobVPayload carries `valor.final`, the amount
 * due on the day it is read). The day is the sandbox clock's, in Brasília time, so a test moves
 * the clock past the due date and the location asks the fine and interest.
 *
 * Modelled: multa modalidade 2, juros modalidade 3, desconto modalidade 1 with one date (what
 * Balcão sends); any other modality is refused here as "not supported by the sandbox" (a real
 * PSP takes them). A due date on a weekend or bank holiday is payable, at face value, up to the
 * next business day (`cobvDue`: Lei 7.089/1983, bacen/pix-api #307); state and city holidays are not known.
 */
export interface CobvContext {
  state: ApiPixState;
  guard: (scope: string) => (req: FastifyRequest) => Promise<void>;
  publicHost: string;
  jku: () => string;
  pki: SandboxPki;
  account: { chave: string; merchantName: string; merchantCity: string };
}

const TXID = /^[a-zA-Z0-9]{26,35}$/;
const invalid = (detail: string) => new PixProblem(400, 'CobVOperacaoInvalida', detail);

export function cobvLocation(c: Cob, publicHost: string): string {
  return `${publicHost}/qr/v2/cobv/${c.loc.token}`;
}

/** What a `cobv` asks today (the sandbox clock), and whether it can still be paid. */
export const cobvToday = (c: Cob, now: number) =>
  cobvDue(c.cobv!.terms, c.valorCents, shopDate(now));

export function cobvRoutes(api: FastifyInstance, pub: FastifyInstance, x: CobvContext): void {
  const { state } = x;
  const find = (txid: string): Cob => {
    const c = state.cobs.get(txid);
    if (!c?.cobv)
      throw new PixProblem(
        404,
        'CobVNaoEncontrada',
        'Cobrança com vencimento não encontrada para o txid informado.',
      );
    return c;
  };
  const json = (c: Cob) => {
    const location = cobvLocation(c, x.publicHost);
    const t = c.cobv!.terms;
    return {
      calendario: {
        criacao: c.criacao,
        dataDeVencimento: t.dueDate,
        validadeAposVencimento: t.daysAfterDue,
      },
      txid: c.txid,
      revisao: c.revisao,
      loc: { id: c.loc.id, location, tipoCob: 'cobv' },
      location,
      status: c.status,
      devedor: c.devedor,
      recebedor: { nome: x.account.merchantName, cidade: x.account.merchantCity },
      valor: c.cobv!.valor,
      chave: c.chave,
      ...(c.solicitacaoPagador && { solicitacaoPagador: c.solicitacaoPagador }),
      pixCopiaECola: dynamicBrCode(location, x.account.merchantName, x.account.merchantCity),
      ...(c.pix.length > 0 && { pix: c.pix.map(pixJson) }),
    };
  };

  api.put<{ Params: { txid: string } }>(
    '/v2/cobv/:txid',
    { preHandler: x.guard('cobv.write') },
    async (req, reply) => {
      const { txid } = req.params;
      if (!TXID.test(txid)) throw invalid('txid fora do padrão [a-zA-Z0-9]{26,35}.');
      const b = (req.body ?? {}) as Record<string, unknown> & {
        valor?: Record<string, unknown>;
        calendario?: Record<string, unknown>;
        devedor?: Record<string, unknown>;
      };
      const valorCents = cents(b.valor?.original);
      if (valorCents === null) throw invalid('O campo cobv.valor.original não respeita o schema.');
      if (valorCents === 0) throw invalid('O campo cobv.valor.original apresenta o valor zero.');
      if (b.chave !== x.account.chave)
        throw invalid(
          'O campo cobv.chave corresponde a uma conta que não pertence a este usuário recebedor.',
        );
      const d = b.devedor;
      const doc: Record<string, string> | null =
        d && typeof d.nome === 'string' && d.nome.length <= 200
          ? typeof d.cpf === 'string' && /^\d{11}$/.test(d.cpf) && d.cnpj === undefined
            ? { cpf: d.cpf }
            : typeof d.cnpj === 'string' && /^[0-9A-Z]{14}$/.test(d.cnpj) && d.cpf === undefined
              ? { cnpj: d.cnpj }
              : null
          : null;
      if (!doc) throw invalid('O objeto cobv.devedor não respeita o schema.');
      const cal = b.calendario ?? {};
      const due = dayNumber(String(cal.dataDeVencimento ?? ''));
      if (due === null)
        throw invalid('O campo cobv.calendario.dataDeVencimento não respeita o schema.');
      const existing = state.cobs.get(txid);
      const criacao = existing?.criacao ?? state.iso();
      if (due < dayNumber(shopDate(Date.parse(criacao)))!)
        throw invalid(
          'O campo cobv.calendario.dataDeVencimento é anterior à data de criação da cobrança.',
        );
      const after = cal.validadeAposVencimento;
      if (after !== undefined && (typeof after !== 'number' || !Number.isInteger(after)))
        throw invalid('O campo cobv.calendario.validadeAposVencimento não respeita o schema.');
      if (typeof after === 'number' && after < 0)
        throw invalid('O campo cobv.calendario.validadeAposVencimento é menor do que zero.');
      checkValorSchema(b.valor ?? {}, valorCents);
      const terms = readCobvTerms(b);
      if (!terms)
        throw invalid('Modalidade de multa, juros ou desconto não suportada pelo sandbox.');
      if (terms.discountCents >= valorCents)
        throw invalid(
          'O objeto cobv.valor.desconto apresenta algum elemento de desconto que representa um valor maior ou igual ao valor da cobrança original.',
        );
      if (existing && !existing.cobv) throw invalid('O txid já pertence a uma cobrança imediata.');
      if (existing && existing.status !== 'ATIVA')
        throw invalid('A cobrança já existe e não está ATIVA.');
      const next: Cob = {
        txid,
        revisao: existing ? existing.revisao + 1 : 0,
        status: 'ATIVA',
        criacao,
        expiracao: 0,
        valorCents,
        chave: x.account.chave,
        ...(typeof b.solicitacaoPagador === 'string' && {
          solicitacaoPagador: b.solicitacaoPagador.slice(0, 140),
        }),
        devedor: { ...doc, nome: d!.nome as string },
        loc: existing?.loc ?? state.newLoc(),
        pix: [],
        cobv: { terms, valor: b.valor! },
      };
      state.cobs.set(txid, next);
      return reply.code(201).send(json(next));
    },
  );
  api.get<{ Params: { txid: string } }>(
    '/v2/cobv/:txid',
    { preHandler: x.guard('cobv.read') },
    async (req) => json(find(req.params.txid)),
  );
  api.patch<{ Params: { txid: string } }>(
    '/v2/cobv/:txid',
    { preHandler: x.guard('cobv.write') },
    async (req) => {
      const c = find(req.params.txid);
      const b = (req.body ?? {}) as Record<string, unknown>;
      if (c.status !== 'ATIVA') throw invalid('A cobrança não está ATIVA.');
      // [spec] removing cannot be mixed with other changes in one PATCH.
      if (b.status !== 'REMOVIDA_PELO_USUARIO_RECEBEDOR' || Object.keys(b).length !== 1)
        throw invalid('Só a remoção é aceita nesta revisão.');
      c.status = 'REMOVIDA_PELO_USUARIO_RECEBEDOR';
      c.revisao++;
      return json(c);
    },
  );

  // The location a payer's bank reads: CobVPayload, `valor.final` for today, signed.
  pub.get<{ Params: { token: string } }>('/qr/v2/cobv/:token', async (req, reply) => {
    const c = state.cobByLocToken(req.params.token);
    if (!c?.cobv) throw new PixProblem(404, 'CobPayloadNaoEncontrado', 'Cobrança não encontrada.');
    const due = cobvToday(c, Date.parse(state.iso()));
    if (due.expired && c.status === 'ATIVA')
      throw new PixProblem(
        404,
        'CobPayloadNaoEncontrado',
        'A cobrança passou da validade após o vencimento.',
      );
    const j = json(c);
    const payload = {
      calendario: { ...j.calendario, apresentacao: state.iso() },
      txid: c.txid,
      revisao: c.revisao,
      status: c.status,
      devedor: c.devedor,
      recebedor: j.recebedor,
      valor: {
        original: reais(due.original),
        ...(due.multa > 0 && { multa: reais(due.multa) }),
        ...(due.juros > 0 && { juros: reais(due.juros) }),
        ...(due.desconto > 0 && { desconto: reais(due.desconto) }),
        final: reais(due.final),
      },
      chave: c.chave,
      ...(c.solicitacaoPagador && { solicitacaoPagador: c.solicitacaoPagador }),
    };
    const jws = await signLocation(payload, x.pki.signer, x.jku(), state.faults.jws);
    return reply.type('application/jose').send(jws);
  });
}

/** The CobVValor schema's shapes and the spec's ranges on them (refused like the spec says). */
function checkValorSchema(v: Record<string, unknown>, original: number): void {
  const part = (name: string, max: number) => {
    const p = v[name] as { modalidade?: unknown; valorPerc?: unknown } | undefined;
    if (p === undefined) return;
    if (
      typeof p !== 'object' ||
      !Number.isInteger(p.modalidade) ||
      (p.modalidade as number) < 1 ||
      (p.modalidade as number) > max ||
      cents(p.valorPerc) === null
    )
      throw invalid(`O objeto cobv.valor.${name} não respeita o schema.`);
  };
  part('multa', 2);
  part('juros', 8);
  part('abatimento', 2);
  const a = v.abatimento as { modalidade: number; valorPerc: string } | undefined;
  if (a && (a.modalidade === 1 ? cents(a.valorPerc)! >= original : cents(a.valorPerc)! >= 10_000))
    throw invalid(
      'O objeto cobv.valor.abatimento representa um valor maior ou igual ao valor da cobrança original ou maior ou igual a 100%.',
    );
  const d = v.desconto as
    { modalidade?: unknown; valorPerc?: unknown; descontoDataFixa?: unknown } | undefined;
  if (d === undefined) return;
  const m = d.modalidade;
  if (typeof m !== 'number' || !Number.isInteger(m) || m < 1 || m > 6)
    throw invalid('O objeto cobv.valor.desconto não respeita o schema.');
  if (m <= 2 && d.valorPerc !== undefined)
    throw invalid(
      'O objeto cobv.valor.desconto apresenta modalidade no valor 1 ou 2, porém cobv.valor.desconto.valorPerc encontra-se preenchido',
    );
  if (m <= 2 && (!Array.isArray(d.descontoDataFixa) || d.descontoDataFixa.length === 0))
    throw invalid(
      'O objeto cobv.valor.desconto apresenta modalidade no valor 1 ou 2, porém o array cobv.valor.desconto.descontoDataFixa está vazio ou nulo.',
    );
  if (m >= 3 && (d.valorPerc === undefined || d.descontoDataFixa !== undefined))
    throw invalid(
      'O objeto cobv.valor.desconto apresenta modalidade nos valores de 3 a 6, porém o elemento cobv.valor.desconto.valorPerc não está preenchido.',
    );
}
