import { oneOf } from '../one-of';

/**
 * What the cashier should know about a charge now, as codes: the renderer words them in
 * pt-BR and English (`chargeNotices.<code>`). PSP_REFUSED carries the PSP's error code as reason.
 */
export const CHARGE_NOTICE_CODES = [
  'UNCERTAIN',
  /** Kept for records saved before UNCERTAIN_RETIRED: no longer given. */
  'UNCERTAIN_EXISTS_NO_QUERY',
  'UNCERTAIN_GAVE_UP',
  /** Kept for records saved before UNCERTAIN_RETIRED: no longer given. */
  'UNCERTAIN_NO_QUERY',
  /** No status query, and the QR could not be had: retired (CANCELED), start a new charge. */
  'UNCERTAIN_RETIRED',
  'NO_QR',
  'QR_REJECTED',
  'RECEIVER_MISMATCH',
  'AMOUNT_MISMATCH',
  /** The reply's amount is the charge ×100 or ÷100: the unit setting is wrong, not the PSP. */
  'AMOUNT_UNIT_MISMATCH',
  'PAID_AMOUNT_MISMATCH',
  'LATE_PAYMENT',
  'UNKNOWN_STATUS',
  'LOCAL_EXPIRY',
  'LOCAL_CANCEL',
  'PSP_REFUSED',
] as const;
export type ChargeNoticeCode = (typeof CHARGE_NOTICE_CODES)[number];

export const isChargeNoticeCode = oneOf(CHARGE_NOTICE_CODES);
