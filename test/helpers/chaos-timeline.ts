import type { ChargeView } from '../../shared/views';
import { percentiles } from './chaos-random';

/** A relay outage of a chaos run: what payers paid meanwhile, and when the relay was back. */
export interface RelayOutage {
  paid: string[];
  backAt?: number;
  /** The app was down (killed, not yet restarted) when the relay came back, or was killed
   * before it had shown the return (its stream up, the payments `Pago`): what it shows then is
   * the app's restart, counted there, not the relay's return. */
  appDownAtBack?: boolean;
}

/** Outages the app was up for when the relay came back. */
const measurable = (outages: RelayOutage[]) =>
  outages.filter((d) => d.backAt !== undefined && !d.appDownAtBack);

/**
 * When the app showed what (from its events and its lists): each charge's first QR and first
 * `Pago` (or late flag), and each time it said its relay stream was up. The run's timing
 * figures are read from here.
 */
export class Timeline {
  readonly qrAt = new Map<string, number>();
  readonly paidAt = new Map<string, number>();
  readonly connected: number[] = [];

  seen(v: ChargeView, at = Date.now()) {
    if (v.brcode && !this.qrAt.has(v.id)) this.qrAt.set(v.id, at);
    if ((v.status === 'PAID' || v.flags.includes('LATE_PAYMENT')) && !this.paidAt.has(v.id))
      this.paidAt.set(v.id, at);
  }

  /** The development host's events, as they arrive. */
  onEvent = (event: string, payload: unknown) => {
    if (event === 'connection:changed' && (payload as { state: string }).state === 'connected')
      this.connected.push(Date.now());
    if (event === 'charges:updated') this.seen(payload as ChargeView);
    if (event === 'charges:paid') this.seen((payload as { charge: ChargeView }).charge);
  };

  /** Create sent → QR shown, for the creates given (those that came back without one). */
  toQr(creates: Array<{ id: string; sentAt: number }>) {
    return percentiles(
      creates.flatMap((u) => {
        const at = this.qrAt.get(u.id);
        return at === undefined ? [] : [at - u.sentAt];
      }),
    );
  }

  /** Relay back → `Pago` shown, for payments made while it was down (0: shown before). */
  sinceRelayBack(outages: RelayOutage[]) {
    return percentiles(
      measurable(outages).flatMap((d) =>
        d.paid.flatMap((id) => {
          const at = this.paidAt.get(id);
          return at === undefined || d.backAt === undefined ? [] : [Math.max(0, at - d.backAt)];
        }),
      ),
    );
  }

  /** Whether the app has shown the relay's return: its stream up again, the payments `Pago`. */
  returnShown(d: RelayOutage) {
    return (
      d.backAt !== undefined &&
      this.connected.some((t) => t > d.backAt!) &&
      d.paid.every((id) => this.paidAt.has(id))
    );
  }

  /** The app is being killed: a relay return it has not shown yet is its restart's to show. */
  appKilled(outages: RelayOutage[]) {
    for (const d of outages)
      if (d.backAt !== undefined && !this.returnShown(d)) d.appDownAtBack = true;
  }

  /** Relay back → the app's stream to it up again. */
  reconnects(outages: RelayOutage[]) {
    return percentiles(
      measurable(outages).flatMap((d) => {
        const t = this.connected.find((c) => d.backAt !== undefined && c > d.backAt);
        return t === undefined ? [] : [t - d.backAt!];
      }),
    );
  }
}
