import type { BrCodeInfo } from './brcode';

/**
 * Who a BR Code pays (issue 21): what is stable for one PSP account — the receiving key (static
 * codes) or the host of the payload location (dynamic codes), and the merchant name and city.
 * The first code the PSP sends is pinned (trust on first use); a code naming anyone else is never
 * shown. Name and city are compared upper-cased and trimmed (the manual allows either case).
 */
export interface Receiver {
  key?: string;
  host?: string;
  merchantName: string;
  merchantCity: string;
}

/** The pin as kept per PSP address: when it was learned, and the last code it refused. */
export interface ReceiverPinState {
  receiver: Receiver;
  pinnedAt: number;
  /** The owner looked at it and confirmed it (behind the PIN). */
  confirmed: boolean;
  refused?: { receiver: Receiver; at: number; count: number };
}

export function receiverOf(
  info: Pick<BrCodeInfo, 'key' | 'url' | 'merchantName' | 'merchantCity'>,
): Receiver {
  const host = info.url ? hostOf(info.url) : undefined;
  return {
    ...(info.key !== undefined && { key: info.key.trim() }),
    ...(host !== undefined && { host }),
    merchantName: info.merchantName.trim(),
    merchantCity: info.merchantCity.trim(),
  };
}

/** The host of a payload location (`pix.psp.com/qr/v2/…`, with or without a scheme). */
function hostOf(url: string): string {
  return url
    .replace(/^[a-z][\w+.-]*:\/\//i, '')
    .split(/[/?#]/)[0]!
    .replace(/^[^@]*@/, '')
    .toLowerCase();
}

const norm = (s: string | undefined) => (s ?? '').trim().toUpperCase();

export function sameReceiver(a: Receiver, b: Receiver): boolean {
  return (
    norm(a.key) === norm(b.key) &&
    norm(a.host) === norm(b.host) &&
    norm(a.merchantName) === norm(b.merchantName) &&
    norm(a.merchantCity) === norm(b.merchantCity)
  );
}
