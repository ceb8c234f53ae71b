import { toWireAmount, type Cents } from '../shared/domain/money';
import { isPspPresetId, PSP_PRESET_IDS, type PspPresetId } from '../shared/psp-presets';
import { reportedAmount, type Charge, type Infraction, type Withdrawal } from './state';

/**
 * The PSP dialects the sandbox speaks (`--dialect`), one per preset of the app
 * (docs/psp-compatibility.md): `seed` (A1–A16), `cics-pt` (ci/cs everywhere, Portuguese
 * statuses, the PSP's own numeric ids, unsigned callbacks, a rate-limited check route, 1–10
 * proofs) and `bearer-snake` (`{success, token}` login, snake_case callbacks, `success: false`
 * errors). The control interface is the same for all of them. One dialect per preset, so the
 * list is the presets' own.
 */
export const DIALECTS = PSP_PRESET_IDS;
export type DialectId = PspPresetId;
/**
 * `pagloop`: the seed's routes and shapes (`/payments/deposit` in reais, `qrCodeResponse`, no
 * status query known), its login answering `{token, expires_in}` (PSP-API: "`access_token` or
 * `token`"; which one it sends is an assumption, `token` being the one the seed's reader must
 * find further down its list).
 *
 * The Bearer members (docs/psp-compatibility.md, "Members"): `veopag` (webhook-secret signed
 * callbacks, flat idempotent 200, `GET /transactions/deposit?external_id=`, `taxId` rule, login
 * limit), `axenpay` (`GET /transactions/getStatusTransac/{id}`), `novaplex`
 * (`GET /payments/deposit/{id}`); otherwise as `bearer-snake`.
 */
export const isBearerFamily = (d: DialectId): boolean =>
  d === 'bearer-snake' || d === 'veopag' || d === 'axenpay' || d === 'novaplex';
export const isDialect: (v: unknown) => v is DialectId = isPspPresetId;

type ChargeStatus = Charge['status'];
const CICS_PT: Record<ChargeStatus, string> = {
  PENDING: 'PENDENTE',
  PAID: 'COMPLETO',
  FAILED: 'FALHA',
  EXPIRED: 'CANCELADO',
};
const BEARER_SNAKE: Record<ChargeStatus, string> = {
  PENDING: 'PENDING',
  PAID: 'COMPLETED',
  FAILED: 'FAILED',
  EXPIRED: 'CANCELED',
};

export function wireChargeStatus(d: DialectId, s: ChargeStatus): string {
  return d === 'cics-pt' ? CICS_PT[s] : isBearerFamily(d) ? BEARER_SNAKE[s] : s;
}

export function wireWithdrawalStatus(d: DialectId, s: Withdrawal['status']): string {
  if (d !== 'cics-pt') return s;
  return s === 'COMPLETED' ? 'COMPLETO' : s === 'FAILED' ? 'FALHA' : 'PENDENTE';
}

/** A callback as this dialect sends it; `signed` false = no signature headers at all. */
export interface DialectCallback {
  body: Record<string, unknown>;
  signed: boolean;
  /** veopag: signed with the panel's webhook secret, under its own header names. */
  webhook?: { signatureHeader: string; timestampHeader: string };
}

const VEOPAG_HEADERS = {
  signatureHeader: 'x-webhook-signature',
  timestampHeader: 'x-webhook-timestamp',
};

/** The PSP's own id on the wire: a number in cics-pt. */
const wireId = (d: DialectId, id: string): string | number =>
  d === 'cics-pt' && /^\d+$/.test(id) ? Number(id) : id;

/** cics-pt's callback: unsigned, its own numeric id, then the record's `fields`. */
const cicsPtCallback = (
  type: 'DEPOSITO' | 'RETIRADA',
  id: string,
  fields: Record<string, unknown>,
): DialectCallback => ({
  signed: false,
  body: {
    transactionId: wireId('cics-pt', id),
    transactionType: type,
    transactionMethod: 'PIX',
    ...fields,
  },
});

/** veopag's callback, the same for both kinds; amounts in cents here, in reais on the wire. */
const veopagCallback = (
  type: 'Deposit' | 'Withdrawal',
  ids: { id: string; externalId: string },
  status: string,
  amount: Cents,
  fee: Cents,
): DialectCallback => ({
  signed: true,
  webhook: VEOPAG_HEADERS,
  body: {
    type,
    transaction_id: ids.id,
    external_id: ids.externalId,
    status,
    amount: toWireAmount(amount),
    fee: toWireAmount(fee),
  },
});

export function chargeCallback(d: DialectId, c: Charge): DialectCallback {
  const feeCents = c.status === 'PAID' ? c.fee : 0;
  const fee = toWireAmount(feeCents);
  const status = wireChargeStatus(d, c.status);
  if (d === 'cics-pt') {
    // As the public examples: value/fee in cents here (reais elsewhere) — never to be trusted.
    return cicsPtCallback('DEPOSITO', c.transactionId, {
      clientName: c.payerName ?? '',
      clientDocument: c.payerDocument ?? '',
      status,
      value: c.amount,
      fee: feeCents,
      e2e: `E${c.transactionId.padStart(31, '0')}`,
    });
  }
  if (d === 'veopag') {
    const ids = { id: c.transactionId, externalId: c.externalId };
    return veopagCallback('Deposit', ids, status, reportedAmount(c), feeCents);
  }
  if (isBearerFamily(d)) {
    return {
      signed: true,
      body: {
        transaction_id: c.transactionId,
        status,
        amount: toWireAmount(reportedAmount(c)),
        type: 'deposit',
      },
    };
  }
  return {
    signed: true,
    body:
      c.kind === 'deposit'
        ? {
            type: 'deposit',
            transactionId: c.transactionId,
            external_id: c.externalId,
            status,
            amount: toWireAmount(reportedAmount(c)),
            fee,
            updatedAt: c.updatedAt,
          }
        : {
            transactionId: c.transactionId,
            status,
            amount: toWireAmount(reportedAmount(c)),
            fees: fee,
            updatedAt: c.updatedAt,
          },
  };
}

export function withdrawalCallback(d: DialectId, w: Withdrawal, at: string): DialectCallback {
  const status = wireWithdrawalStatus(d, w.status);
  const feeCents = w.status === 'COMPLETED' ? w.fee : 0;
  if (d === 'cics-pt')
    return cicsPtCallback('RETIRADA', w.id, { status, value: w.amount, fee: feeCents });
  if (d === 'veopag') return veopagCallback('Withdrawal', w, status, w.amount, feeCents);
  if (isBearerFamily(d)) {
    return {
      signed: true,
      body: {
        transaction_id: w.id,
        external_id: w.externalId,
        status,
        amount: toWireAmount(w.amount),
        type: 'withdrawal',
      },
    };
  }
  return {
    signed: true,
    body: {
      type: 'withdrawal',
      id: w.id,
      external_id: w.externalId,
      status,
      amount: toWireAmount(w.amount),
      fee: toWireAmount(feeCents),
      updatedAt: at,
    },
  };
}

/** cics-pt's MED callback, on creation and on each update of an infraction. */
export function infractionCallback(inf: Infraction, charge?: Charge): DialectCallback {
  return {
    signed: false,
    body: {
      event: 'INFRACTION',
      infraction: {
        id: Number(inf.infractionId),
        status: inf.status,
        type: 'FRAUD',
        amount: inf.amount,
        analysisResult: null,
        reportDetails: inf.reason,
        createdAt: inf.createdAt,
      },
      transaction: {
        transactionId: wireId('cics-pt', inf.transactionId),
        endToEndId: `E${inf.transactionId.padStart(31, '0')}`,
        value: charge ? toWireAmount(charge.amount) : inf.amount,
        status: charge ? wireChargeStatus('cics-pt', charge.status) : 'COMPLETO',
      },
    },
  };
}
