/**
 * What the Caixa's store needs of `Com vencimento` when it is chosen, as one module loaded on
 * demand (cashier-store.ts): reading the draft by the rules, and the shop's day.
 */
export { fieldOfRule, readCobvDraft } from './cobv-fields';
export { shopDate } from '../../../shared/domain/cobv';
