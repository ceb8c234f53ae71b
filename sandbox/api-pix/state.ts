import { randomBytes, randomUUID } from 'node:crypto';
import type { CobvDue, CobvTerms } from '../../shared/domain/cobv';

/** What the API Pix sandbox holds in memory (money in integer cents, as everywhere). */
export type CobStatus =
  'ATIVA' | 'CONCLUIDA' | 'REMOVIDA_PELO_USUARIO_RECEBEDOR' | 'REMOVIDA_PELO_PSP';

export interface Devolucao {
  id: string;
  rtrId: string;
  valorCents: number;
  solicitacao: string;
  liquidacao?: string;
  status: 'EM_PROCESSAMENTO' | 'DEVOLVIDO' | 'NAO_REALIZADO';
  motivo?: string;
}

export interface ReceivedPix {
  endToEndId: string;
  txid?: string;
  valorCents: number;
  horario: string;
  chave: string;
  devolucoes: Devolucao[];
  /** A `cobv`'s payment: what its value is made of ([spec] `componentesValor`). */
  componentes?: CobvDue;
}

export interface Cob {
  txid: string;
  revisao: number;
  status: CobStatus;
  criacao: string;
  expiracao: number;
  valorCents: number;
  chave: string;
  solicitacaoPagador?: string;
  devedor?: Record<string, string>;
  loc: { id: number; token: string };
  pix: ReceivedPix[];
  /** Set for a `cobv` (a charge with a due date): its terms and its `valor` as asked. */
  cobv?: { terms: CobvTerms; valor: Record<string, unknown> };
}

/** Test faults, set through the control interface; each one lasts until cleared. */
export interface ApiPixFaults {
  /**
   * The JWS at the location: signature broken, a different amount signed, another key, or (a
   * cobv) the right face value with another `final` for the day.
   */
  jws?: 'tamper' | 'wrong-amount' | 'wrong-key' | 'wrong-final';
  /** `PUT /cob` answers this `valor.original` instead of the one it stored. */
  replyValor?: string;
  /** The token URL answers an HTML page (a login portal, a proxy's error page). */
  tokenHtml?: boolean;
  /** The next N API calls answer 429 with Retry-After: 1. */
  rateLimit?: number;
  /**
   * The next N reads (`GET`) answer 429 with Retry-After: 1: a bank's rate limit on status reads
   * (the spec has no 429; banks do: docs/api-pix.md, "Rate limits").
   */
  readRateLimit?: number;
  /** The next N devoluções are taken, and their answer lost (the connection drops). */
  refundLost?: number;
  /** Devoluções settle NAO_REALIZADO (the payer's account closed, say) instead of DEVOLVIDO. */
  refundFails?: boolean;
  /**
   * `GET /cob` lags the payment by this many ms: the cob still reads `ATIVA` (no `pix`) while
   * `GET /pix` and the webhook already have the PIX (bacen/pix-api #321, docs/api-pix.md).
   */
  cobLagMs?: number;
  /** A payment's webhook is posted this many ms after the payment (late-webhook.ts). */
  webhookDelayMs?: number;
  /** The next N `PUT /cob` are taken (the cob exists), and their answer lost (the connection drops). */
  cobLost?: number;
  /**
   * `GET /pix` serves at most this many items a page, whatever `itensPorPagina` asks: the spec's
   * `paginacao` (bacen/pix-api OpenAPI, ParametrosConsultaPix) lets a list span pages, and a
   * bank's cap on the page size is an assumption (no bank's documented figure found).
   */
  pixPageMax?: number;
  /**
   * A PIX that lands finds its cob removed by the PSP: the money is received (`GET /pix` lists
   * it, the webhook is sent) while `GET /cob` reads `REMOVIDA_PELO_PSP` without `pix`. The race of
   * bacen/pix-api #324 (a removal and a payment in transit) and the status left other than
   * `CONCLUIDA` it admits (docs/api-pix.md, "A cob removed while paid").
   */
  removedWhilePaid?: boolean;
}

export class ApiPixState {
  readonly cobs = new Map<string, Cob>();
  readonly pix = new Map<string, ReceivedPix>();
  readonly webhooks = new Map<string, { url: string; criacao: string }>();
  readonly tokens = new Map<string, { expiresAt: number; scopes: Set<string> }>();
  readonly webhookLog: Array<{
    url: string;
    status: number | string;
    body: unknown;
    /** When the attempt was sent. */
    at?: number;
    /** One of the registration check's two requests (registration-probe.ts), not a payment's. */
    probe?: 'no-certificate' | 'test-notification';
  }> = [];
  /** Every API request, in order (tests check what asked before what). */
  readonly requestLog: Array<{ method: string; url: string; at: number }> = [];
  /** Every `PUT …/devolucao/{id}` received, accepted or not (tests count the sends). */
  readonly refundRequests: Array<{ e2eid: string; id: string }> = [];
  faults: ApiPixFaults = {};
  private nextLoc = 1;

  constructor(private readonly now: () => number) {}

  iso(): string {
    return new Date(this.now()).toISOString();
  }

  newLoc(): { id: number; token: string } {
    return { id: this.nextLoc++, token: randomUUID().replaceAll('-', '') };
  }

  cobByLocToken(token: string): Cob | undefined {
    return [...this.cobs.values()].find((c) => c.loc.token === token);
  }

  /** An end-to-end id as the SPI forms it: E + ISPB + yyyyMMddHHmm + 11 characters (32 in all). */
  newE2e(): string {
    const d = new Date(this.now());
    const stamp = d.toISOString().replace(/\D/g, '').slice(0, 12);
    const tail = randomBytes(8).toString('hex').slice(0, 11);
    return `E00000000${stamp}${tail}`;
  }
}
