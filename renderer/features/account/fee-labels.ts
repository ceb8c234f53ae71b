import { formatMoney } from '../../i18n/money';
import type { CallOutput } from '../../../shared/ipc-contract';
import { i18next } from '../../i18n';

type Fees = CallOutput<'account:cryptoFees'>;
const reais = (v: number) => formatMoney(Math.round(v * 100));

/**
 * The five values of GET /crypto/fees with the labels and units A16 reads them in (the PSP does
 * not state units: a note on screen says so).
 */
export function feeRows(f: Fees): Array<{ key: string; label: string; value: string }> {
  const t = i18next.t.bind(i18next);
  const lng = i18next.language;
  const pct = f.withdrawal_rate.toLocaleString(lng, { maximumFractionDigits: 4 });
  return [
    { key: 'rate', label: t('fees.rate'), value: `${pct} %` },
    { key: 'fixed', label: t('fees.fixed'), value: reais(f.rate_fixed) },
    { key: 'min', label: t('fees.min'), value: reais(f.min_withdrawal) },
    { key: 'max', label: t('fees.max'), value: reais(f.max_withdrawal) },
    { key: 'usdt', label: t('fees.usdt'), value: t('fees.perUsdt', { value: reais(f.usdt_rate) }) },
  ];
}
