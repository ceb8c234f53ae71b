import {
  decide,
  type ChargeEffect,
  type ChargeEvent,
  type Decision,
} from '../../../shared/domain/charge-lifecycle';
import type { PspOutcome } from '../../../shared/domain/psp-status';
import type { Receiver } from '../../../shared/domain/receiver-pin';
import type { ChargeView } from '../../../shared/views';
import type { ChargeRecord } from '../ledger/charges-repo';
import type { Ledger } from '../ledger/ledger';
import type { Logger } from '../log';
import { toChargeView } from './charge-view';

export type ApplyOutcome = Decision<ChargeRecord>['outcome'] | 'unknown-charge';

/** A decision saved inside a transaction; `after` runs its effects once that transaction committed. */
export interface Stepped {
  record: ChargeRecord;
  outcome: ApplyOutcome;
  effects: ChargeEffect[];
  after: () => void;
}

export interface ChargeShellDeps {
  ledger: Ledger;
  now: () => number;
  logger: Logger;
  publish?: (view: ChargeView) => void;
  paid?: (view: ChargeView, late: boolean) => void;
  alert?: (code: string) => void;
  /** The PSP's status vocabulary (settings `psp.statusMap`); A6's when absent. */
  statusMap?: () => Readonly<Record<string, PspOutcome>>;
  /** The pinned receiver of this PSP's codes, and what to do on first use or a refusal. */
  receiver?: () => Receiver | undefined;
  learnReceiver?: (r: Receiver) => void;
  receiverRefused?: (r: Receiver) => void;
  /** The effects about resolution timers belong to the service. */
  resolveLater(id: string): void;
  stopResolving(id: string): void;
}

/**
 * For each event: load the record once, decide, save record and history lines in one
 * transaction, and only after the commit run the effects (publish, news, alerts, timers).
 */
export class ChargeShell {
  constructor(private readonly deps: ChargeShellDeps) {}

  /** Load once, decide, save, then run the effects. */
  step(id: string, event: ChargeEvent, source: string): Stepped | undefined {
    const c = this.deps.ledger.charges.get(id);
    return c ? this.commit(c, event, source) : undefined;
  }

  /** For a record the caller just loaded. */
  commit(c: ChargeRecord, event: ChargeEvent, source: string): Stepped {
    const s = this.deps.ledger.tx(() => this.decideAndSave(c, event, source));
    s.after();
    return s;
  }

  /** Inside the caller's transaction: the caller runs `after` once it committed. */
  decideAndSave(c: ChargeRecord, event: ChargeEvent, source: string): Stepped {
    const at = this.deps.now();
    const statusMap = this.deps.statusMap?.();
    const receiver = this.deps.receiver?.();
    const d = decide(c, event, {
      at,
      ...(statusMap && { statusMap }),
      ...(receiver && { receiver }),
    });
    if (d.changed) {
      if (d.next.status !== c.status || d.effects.length) d.next.updatedAt = at;
      const lines = d.history.map((h) => ({ ...h, source, at }));
      this.deps.ledger.charges.save(d.next, lines);
    }
    return {
      record: d.next,
      outcome: d.outcome,
      effects: d.effects,
      after: () => this.run(d.next, d.effects),
    };
  }

  private run(c: ChargeRecord, effects: ChargeEffect[]): void {
    for (const e of effects) {
      switch (e.type) {
        case 'publish':
          this.deps.publish?.(toChargeView(c));
          break;
        case 'paid':
          this.deps.paid?.(toChargeView(c), e.late);
          break;
        case 'alert':
          this.deps.logger.warn('late payment', { chargeId: c.id, paidAfter: c.paidAfter });
          this.deps.alert?.(e.code);
          break;
        case 'resolveLater':
          this.deps.resolveLater(c.id);
          break;
        case 'stopResolving':
          this.deps.stopResolving(c.id);
          break;
        case 'learnReceiver':
          this.deps.learnReceiver?.(e.receiver);
          break;
        case 'receiverRefused':
          this.deps.logger.warn('QR to another receiver refused', {
            chargeId: c.id,
            receiver: e.receiver,
          });
          this.deps.receiverRefused?.(e.receiver);
          break;
        case 'resolveNow':
          break; // awaited by the submit that asked for it (it holds the charge's lock)
        default:
          e satisfies never;
      }
    }
  }
}
