import type { ErrorCode } from '../codes';
import { parseMoney } from './money';
import { PDV_REFERENCE } from './pdv-reference';
import { mayCharge, type Station } from './station';

export const DEEP_LINK_SCHEME = 'balcao';

export interface DeepLinkSale {
  amountCents: number;
  reference?: string;
}

/**
 * `balcao://cobrar?valor=12.34&ref=…`: the amount to fill on the Caixa (reais, `12.34` or
 * `12,34`) and the sale's reference. Anything else is refused with a code; nothing is charged by
 * a link alone (the cashier still presses Enter).
 */
export function parseDeepLink(
  text: string,
  maxAmountCents: number,
): { ok: true; value: DeepLinkSale } | { ok: false; code: ErrorCode } {
  // `balcao://cobrar?…` or `balcao:cobrar?…` (no URL global here: shared/ runs everywhere).
  const m = /^balcao:(?:\/\/)?cobrar\/?(?:\?([^#]*))?(?:#.*)?$/i.exec(text.trim());
  if (!m) return { ok: false, code: 'DEEP_LINK_INVALID' };
  const params = new Map<string, string>();
  for (const pair of (m[1] ?? '').split('&')) {
    if (!pair) continue;
    const [k, v = ''] = pair.split('=');
    try {
      const key = decodeURIComponent(k!.replace(/\+/g, ' '));
      if (!params.has(key)) params.set(key, decodeURIComponent(v.replace(/\+/g, ' ')));
    } catch {
      return { ok: false, code: 'DEEP_LINK_INVALID' };
    }
  }
  const valor = params.get('valor');
  if (valor === undefined) return { ok: false, code: 'AMOUNT_EMPTY' };
  const amount = parseMoney(valor, { positive: true, maxCents: maxAmountCents });
  if (!amount.ok) return { ok: false, code: amount.code as ErrorCode };
  const ref = params.get('ref');
  if (ref !== undefined && !PDV_REFERENCE.test(ref)) return { ok: false, code: 'PDV_REFERENCE' };
  return {
    ok: true,
    value: { amountCents: amount.value, ...(ref !== undefined && { reference: ref }) },
  };
}

/**
 * A link as this computer takes it: read with its max amount, and refused whole on an owner-only
 * PC (`Este computador: Só proprietário`), where no sale is ever brought forward.
 */
export function deepLinkSale(
  text: string,
  s: { station: Station; psp: { maxAmountCents: number } },
): ReturnType<typeof parseDeepLink> {
  const may = mayCharge(s);
  return may.ok
    ? parseDeepLink(text, s.psp.maxAmountCents)
    : { ok: false, code: 'OWNER_ONLY_NO_CHARGE' };
}

/** The link among a launch's arguments (Windows and Linux hand it over as one). */
export const deepLinkIn = (argv: readonly string[]) =>
  argv.find((a) => a.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}:`));
