// Amounts in the interface language (pt-BR: R$ 1.234,56; English: R$1,234.56). Every screen
// shows money through this; typed amounts are still read by shared/domain/money's parseMoney.
import { formatBRL, type Cents } from '../../shared/domain/money';
import { i18next } from './index';

const english = new Intl.NumberFormat('en', { style: 'currency', currency: 'BRL' });

export const formatMoney = (cents: Cents): string =>
  i18next.language === 'en' ? english.format(cents / 100) : formatBRL(cents);
