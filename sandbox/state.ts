import { randomUUID } from 'node:crypto';
import type { Cents } from '../shared/domain/money';

/** What the sandbox remembers. Everything is in memory: a restart is a fresh PSP. */
export interface Account {
  clientId: string;
  clientSecret: string;
  /** The panel's webhook secret: what the veopag dialect signs callbacks with. */
  webhookSecret?: string;
  /** Per-user crypto fees; undefined = the global configuration. */
  cryptoFees?: CryptoFees;
  balance: { available: Cents; pending: Cents; blocked: Cents };
}

export interface CryptoFees {
  withdrawal_rate: number;
  rate_fixed: number;
  min_withdrawal: number;
  max_withdrawal: number;
  usdt_rate: number;
}

export type ChargeKind = 'deposit' | 'transaction';

/** What a create request says of its charge; the sandbox sets the rest. */
export interface ChargeRequest {
  transactionId: string;
  externalId: string;
  amount: Cents;
  callbackUrl: string;
  description?: string;
  payerName?: string;
  payerDocument?: string;
  /** `/transactions/create`'s optional fields, validated and recorded. */
  split?: { user: string; tax: number };
  gateway?: string;
}

export interface Charge extends ChargeRequest {
  kind: ChargeKind;
  clientId: string;
  /** The payer paid another amount (`POST /__sandbox/charges/{id}/pay {"amount"}`). */
  paidAmount?: Cents;
  fee: Cents;
  status: 'PENDING' | 'PAID' | 'FAILED' | 'EXPIRED';
  qrcode: string;
  createdAt: string;
  updatedAt: string;
}

/** What the PSP reports for a charge: once paid, what the payer paid. */
export const reportedAmount = (c: Charge): Cents =>
  c.status === 'PAID' && c.paidAmount !== undefined ? c.paidAmount : c.amount;

export interface Withdrawal {
  id: string;
  externalId: string;
  clientId: string;
  amount: Cents;
  fee: Cents;
  pixKey: string;
  pixKeyType: string;
  status: 'PROCESSING' | 'COMPLETED' | 'FAILED';
  callbackUrl: string;
  createdAt: string;
}

export interface Infraction {
  infractionId: string;
  clientId: string;
  status: 'WAITING_PSP' | 'ACCEPTED' | 'REJECTED' | 'CANCELLED';
  transactionId: string;
  amount: number;
  reason: string;
  createdAt: string;
  defense?: { analise: string; justificativa: string; proofs: string[]; sentAt: string };
}

export const DEMO_ACCOUNT = {
  clientId: 'demo-client-id',
  clientSecret: 'demo-client-secret',
  webhookSecret: 'demo-webhook-secret',
};
/** A second account, on the global crypto fees (the demo one has per-user fees). */
export const GLOBAL_FEES_ACCOUNT = {
  clientId: 'global-client-id',
  clientSecret: 'global-client-secret',
};

export const GLOBAL_CRYPTO_FEES: CryptoFees = {
  withdrawal_rate: 1.5,
  rate_fixed: 2.5,
  min_withdrawal: 50,
  max_withdrawal: 50000,
  usdt_rate: 5.42,
};

/** The deposit fee the sandbox charges: 0.99 %, rounded half up to the cent. */
export const depositFee = (amount: Cents): Cents => Math.round((amount * 99) / 10_000);
/**
 * cics-pt's fee: 5 %, half up — the rate its integration document's example implies (a charge
 * of 4.55 answers `transactionFee: 23`); the real rate is per contract (an assumption).
 */
export const cicsPtFee = (amount: Cents): Cents => Math.round((amount * 5) / 100);
/** A flat R$ 1,00 per PIX withdrawal. */
export const WITHDRAWAL_FEE: Cents = 100;

export class SandboxState {
  accounts = new Map<string, Account>();
  charges = new Map<string, Charge>();
  /** Per operation: the seller's ids already used (the seed: unique per operation). */
  usedIds = {
    deposit: new Set<string>(),
    transaction: new Set<string>(),
    withdrawal: new Set<string>(),
  };
  withdrawals = new Map<string, Withdrawal>();
  infractions: Infraction[] = [];
  logins = 0;
  /** Login times (veopag: 25 per 15 minutes per IP). */
  loginTimes: number[] = [];
  autopayMs = 0;
  /** The cics-pt family's own numeric ids (charges, withdrawals, infractions). */
  private seq = 100_000;
  /** Status-query requests seen (timestamps), and how many were refused with 429. */
  checks: number[] = [];
  checksLimited = 0;

  constructor(
    private readonly now: () => number,
    readonly numericIds = false,
  ) {
    this.accounts.set(DEMO_ACCOUNT.clientId, {
      ...DEMO_ACCOUNT,
      cryptoFees: { ...GLOBAL_CRYPTO_FEES, withdrawal_rate: 0.9, rate_fixed: 1 },
      balance: { available: 100_000, pending: 0, blocked: 0 },
    });
    this.accounts.set(GLOBAL_FEES_ACCOUNT.clientId, {
      ...GLOBAL_FEES_ACCOUNT,
      balance: { available: 0, pending: 0, blocked: 0 },
    });
    this.seedInfractions(DEMO_ACCOUNT.clientId);
  }

  iso = () => new Date(this.now()).toISOString();

  /** A new id of the PSP's own: a UUID, or a number (as text) in the cics-pt dialect. */
  newId = () => (this.numericIds ? String(++this.seq) : randomUUID());

  /** A JSON snapshot, so the DEMO PSP outlives an app restart (charges made before it stay payable). */
  toJSON() {
    return {
      accounts: [...this.accounts.values()],
      charges: [...this.charges.values()],
      usedIds: {
        deposit: [...this.usedIds.deposit],
        transaction: [...this.usedIds.transaction],
        withdrawal: [...this.usedIds.withdrawal],
      },
      withdrawals: [...this.withdrawals.values()],
      infractions: this.infractions,
      logins: this.logins,
      seq: this.seq,
    };
  }

  restore(snapshot: ReturnType<SandboxState['toJSON']>): void {
    this.accounts = new Map(snapshot.accounts.map((a) => [a.clientId, a]));
    this.charges = new Map(snapshot.charges.map((c) => [c.transactionId, c]));
    this.usedIds = {
      deposit: new Set(snapshot.usedIds.deposit),
      transaction: new Set(snapshot.usedIds.transaction),
      withdrawal: new Set(snapshot.usedIds.withdrawal),
    };
    this.withdrawals = new Map(snapshot.withdrawals.map((w) => [w.id, w]));
    this.infractions = snapshot.infractions;
    this.logins = snapshot.logins;
    this.seq = snapshot.seq ?? this.seq;
  }

  /** 27 infractions over the four states: three pages at the default page size of 10. */
  private seedInfractions(clientId: string) {
    const states = ['WAITING_PSP', 'ACCEPTED', 'REJECTED', 'CANCELLED'] as const;
    const reasons = ['Fraude', 'Golpe', 'Conta invadida', 'Pagamento não reconhecido'];
    for (let i = 0; i < 27; i++) {
      this.infractions.push({
        infractionId: this.numericIds ? String(i + 1) : `inf-${String(i + 1).padStart(4, '0')}`,
        clientId,
        status: states[i % 4]!,
        transactionId: randomUUID(),
        amount: 10 + i * 7.5,
        reason: reasons[i % reasons.length]!,
        createdAt: new Date(this.now() - (27 - i) * 86_400_000).toISOString(),
      });
    }
  }

  addInfraction(clientId: string, fields: Partial<Infraction>): Infraction {
    const inf: Infraction = {
      infractionId: this.numericIds ? String(++this.seq) : `inf-${randomUUID().slice(0, 8)}`,
      clientId,
      status: 'WAITING_PSP',
      transactionId: fields.transactionId ?? randomUUID(),
      amount: fields.amount ?? 50,
      reason: fields.reason ?? 'Pagamento não reconhecido',
      createdAt: this.iso(),
    };
    this.infractions.push(inf);
    return inf;
  }
}
