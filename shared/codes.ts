/**
 * Every code a service or shared/ module returns instead of a sentence (issue 10): errors in a
 * Result, notices on a charge or withdrawal, app-wide notices. The renderer words each one in
 * pt-BR and English (renderer/i18n; a unit test fails when one is missing), so the screen
 * speaks the cashier's chosen language. Add a new code here, then to both dictionaries.
 */
export const ERROR_CODES = [
  // Money (shared/domain/money.ts)
  'AMOUNT_EMPTY',
  'AMOUNT_NOT_A_NUMBER',
  'AMOUNT_NEGATIVE',
  'AMOUNT_ZERO',
  'AMOUNT_TOO_MANY_DECIMALS',
  'AMOUNT_ABOVE_MAX',
  // Payer and charge input (shared/domain/documents.ts, shared/domain/payer.ts)
  'DOCUMENT_EMPTY',
  'DOCUMENT_INVALID',
  'EMAIL_INVALID',
  'PHONE_INVALID',
  'PAYER_NAME_EMPTY',
  'PAYER_NAME_TOO_LONG',
  'DESCRIPTION_TOO_LONG',
  // PIX keys and BR Codes
  'PIX_KEY_INVALID',
  'BRCODE_EMPTY',
  'BRCODE_BAD_LENGTH',
  'BRCODE_NO_CRC',
  'BRCODE_BAD_CRC',
  'BRCODE_NOT_PIX',
  'BRCODE_INVALID',
  'BRCODE_AMOUNT_MISMATCH',
  'BRCODE_BAD_FIELD',
  // Charges
  'ILLEGAL_TRANSITION',
  'CHARGE_NOT_FOUND',
  'CHARGE_BUSY',
  // The PSP (electron/services/psp/)
  'CREDENTIALS_MISSING',
  'PSP_LOGIN_NO_TOKEN',
  'PSP_REJECTED',
  'PSP_AUTH',
  'PSP_NOT_FOUND',
  'PSP_DUPLICATE',
  'PSP_RATE_LIMITED',
  'PSP_UNAVAILABLE',
  'PSP_UNEXPECTED_STATUS',
  'PSP_UNREACHABLE',
  'PSP_NO_ANSWER',
  'PSP_UNEXPECTED_REPLY',
  'PSP_MALFORMED_REPLY',
  'PSP_TIMEOUT',
  'PSP_CONNECTION_LOST',
  'STATUS_QUERY_OFF',
  // Callbacks (electron/services/callbacks/)
  'CALLBACK_NO_SIGNATURE',
  'CALLBACK_NO_TIMESTAMP',
  'CALLBACK_BAD_TIMESTAMP',
  'CALLBACK_STALE',
  'CALLBACK_FUTURE',
  'CALLBACK_BAD_SIGNATURE',
  'CALLBACK_BAD_BODY',
  'CALLBACK_NO_SECRET',
  // Settings
  'URL_NOT_HTTPS',
  'SETTINGS_INVALID',
  // The owner
  'OWNER_LOCKED',
  'OWNER_PIN_NOT_SET',
  'PIN_FORMAT',
  'PIN_LOCKED_OUT',
  'PIN_WRONG',
  // Infractions (MED)
  'JUSTIFICATIVA_LENGTH',
  'PROOFS_TOO_MANY',
  'PROOF_NOT_HTTPS',
  'DEFENSE_ALREADY_SENT',
  // DEMO mode
  'NOT_DEMO',
  'NOT_PENDING',
  'DEMO_PAY_FAILED',
  // The IPC boundary and the development host
  'UNKNOWN_CHANNEL',
  'INVALID_PAYLOAD',
  'FORBIDDEN_SENDER',
  'INTERNAL',
  'HOST_GONE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** What a charge, a withdrawal or the app tells the cashier beside its status. */
export const NOTICE_CODES = [
  'UNCERTAIN',
  'UNCERTAIN_EXISTS_NO_QUERY',
  'UNCERTAIN_GAVE_UP',
  'NO_QR',
  'QR_REJECTED',
  'AMOUNT_MISMATCH',
  'PAID_AMOUNT_MISMATCH',
  'LATE_PAYMENT',
  'UNKNOWN_STATUS',
  'LOCAL_EXPIRY',
  'LOCAL_CANCEL',
  'WITHDRAWAL_ALREADY_SENT',
  'RESTART_TO_APPLY',
  'RELAY_UNREACHABLE',
] as const;
export type NoticeCode = (typeof NOTICE_CODES)[number];

/** Values a translation may interpolate: data, never words (a field path, the PSP's own text). */
export type CodeParams = Record<string, string | number>;
