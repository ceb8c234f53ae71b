import type { Cob, Devolucao, ReceivedPix } from './state';

/** Integer cents → the API Pix's decimal string (`\d{1,10}\.\d{2}`). */
export const reais = (cents: number): string =>
  `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** The API Pix's decimal string → integer cents, or null when it does not match the pattern. */
export function cents(v: unknown): number | null {
  if (typeof v !== 'string' || !/^\d{1,10}\.\d{2}$/.test(v)) return null;
  const [i, f] = v.split('.') as [string, string];
  return Number(i) * 100 + Number(f);
}

export const devolucaoJson = (d: Devolucao) => ({
  id: d.id,
  rtrId: d.rtrId,
  valor: reais(d.valorCents),
  horario: { solicitacao: d.solicitacao, ...(d.liquidacao && { liquidacao: d.liquidacao }) },
  status: d.status,
  ...(d.motivo && { motivo: d.motivo }),
});

export const pixJson = (p: ReceivedPix) => ({
  endToEndId: p.endToEndId,
  ...(p.txid && { txid: p.txid }),
  valor: reais(p.valorCents),
  chave: p.chave,
  horario: p.horario,
  ...(p.componentes && { componentesValor: componentesJson(p.componentes) }),
  ...(p.devolucoes.length > 0 && { devolucoes: p.devolucoes.map(devolucaoJson) }),
});

/** [spec] `componentesValor` of a `cobv`'s PIX: each non-zero part as `{valor}`. */
function componentesJson(c: NonNullable<ReceivedPix['componentes']>) {
  const part = (cents: number) => (cents > 0 ? { valor: reais(cents) } : undefined);
  return {
    original: { valor: reais(c.original) },
    ...(c.multa > 0 && { multa: part(c.multa) }),
    ...(c.juros > 0 && { juros: part(c.juros) }),
    ...(c.desconto > 0 && { desconto: part(c.desconto) }),
  };
}

export function cobJson(c: Cob, publicHost: string) {
  const location = `${publicHost}/qr/v2/${c.loc.token}`;
  return {
    calendario: { criacao: c.criacao, expiracao: c.expiracao },
    txid: c.txid,
    revisao: c.revisao,
    loc: { id: c.loc.id, location, tipoCob: 'cob' },
    location,
    status: c.status,
    ...(c.devedor && { devedor: c.devedor }),
    valor: { original: reais(c.valorCents) },
    chave: c.chave,
    ...(c.solicitacaoPagador && { solicitacaoPagador: c.solicitacaoPagador }),
    ...(c.pix.length > 0 && { pix: c.pix.map(pixJson) }),
  };
}

/** RFC 7807 as the API Pix answers errors (`type` …/error/<TipoErro>). */
export class PixProblem extends Error {
  constructor(
    readonly status: number,
    readonly tipo: string,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    /** A bank's own error body instead of the spec's problem shape (profiles.ts). */
    readonly body?: Record<string, unknown>,
  ) {
    super(detail);
  }
  json() {
    if (this.body) return this.body;
    return {
      type: `https://pix.bcb.gov.br/api/v2/error/${this.tipo}`,
      title: this.tipo,
      status: this.status,
      detail: this.detail,
    };
  }
}
