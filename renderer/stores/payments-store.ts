import { create } from 'zustand';
import { receivedOf } from '../../shared/domain/day-closing';
import type { ChargeView } from '../../shared/views';
import { playPaidChime } from '../features/cashier/sound';
import { useApp } from './app-store';
import { useCashier } from './cashier-store';

export interface PaymentNews {
  id: string;
  amountCents: number;
  paidAfter?: 'CANCELED' | 'EXPIRED';
  /** Paid with another amount (PAID_DIFFERENT_AMOUNT): what arrived. */
  differentCents?: number;
}

interface PaymentsState {
  news: PaymentNews[];
  onPaid(charge: ChargeView): void;
  dismiss(id: string): void;
}

/** While news waits to be dismissed, the chime comes back now and then. */
const REPEAT_CHIME_MS = 20_000;
let chimeTimer: ReturnType<typeof setInterval> | undefined;

/**
 * News of every payment: money that lands for a charge that is not the one on the Caixa
 * (abandoned, canceled, expired, another window) stays on every screen until dismissed.
 */
export const usePayments = create<PaymentsState>((set, get) => ({
  news: [],
  onPaid(charge) {
    const onScreen =
      useApp.getState().route === 'cashier' && useCashier.getState().charge?.id === charge.id;
    // The charge on screen shows its own Pago (and chimes); everything else is news.
    if (onScreen || get().news.some((n) => n.id === charge.id)) return;
    playPaidChime();
    set((s) => ({
      news: [
        ...s.news,
        {
          id: charge.id,
          amountCents: charge.amountCents,
          ...(charge.paidAfter && { paidAfter: charge.paidAfter }),
          ...(charge.status === 'PAID_DIFFERENT_AMOUNT' && {
            differentCents: receivedOf(charge),
          }),
        },
      ],
    }));
    chimeTimer ??= setInterval(() => {
      if (get().news.length) playPaidChime();
    }, REPEAT_CHIME_MS);
  },
  dismiss(id) {
    set((s) => ({ news: s.news.filter((n) => n.id !== id) }));
    if (!get().news.length && chimeTimer) {
      clearInterval(chimeTimer);
      chimeTimer = undefined;
    }
  },
}));
