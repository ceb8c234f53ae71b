/**
 * Every code a service or shared/ module returns instead of a sentence (issue 10): errors in a
 * Result, notices on a charge or withdrawal, app-wide notices. The renderer words each one in
 * pt-BR and English (renderer/i18n; a unit test fails when one is missing), so the screen
 * speaks the cashier's chosen language. Add a new code here, then to both dictionaries.
 */
/** What shared/domain/money.ts refuses an amount for. */
export const MONEY_ERROR_CODES = [
  'AMOUNT_EMPTY',
  'AMOUNT_NOT_A_NUMBER',
  'AMOUNT_NEGATIVE',
  'AMOUNT_ZERO',
  'AMOUNT_TOO_MANY_DECIMALS',
  'AMOUNT_ABOVE_MAX',
] as const;

export const ERROR_CODES = [
  ...MONEY_ERROR_CODES,
  // Payer and charge input (shared/domain/documents.ts, shared/domain/payer.ts)
  'DOCUMENT_EMPTY',
  'RECEIVER_DOCUMENT_REQUIRED',
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
  'BRCODE_NO_AMOUNT',
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
  'PSP_LOGIN_RATE_LIMITED',
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
  // A payment callback's amount that is not money: refused (never `Pago`).
  'CALLBACK_AMOUNT_ZERO',
  'CALLBACK_AMOUNT_NEGATIVE',
  'CALLBACK_AMOUNT_INVALID',
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
  // Operators and shifts (issue 36)
  'OPERATOR_NAME_EMPTY',
  'OPERATOR_NOT_FOUND',
  'OPERATOR_DISABLED',
  'SHIFT_NOT_OPEN',
  'SUPERVISOR_ONLY',
  // `Este computador: Só proprietário` (shared/domain/station.ts): it never charges.
  'OWNER_ONLY_NO_CHARGE',
  // Infractions (MED)
  'JUSTIFICATIVA_LENGTH',
  'PROOFS_TOO_MANY',
  'PROOF_NOT_HTTPS',
  'DEFENSE_ALREADY_SENT',
  // Pairing a terminal into the shop journal (issue 36, Deliver 3)
  'PAIRING_CODE_WRONG',
  'PAIRING_CODE_EXPIRED',
  'PAIRING_CODE_USED',
  'PAIRING_ADDRESS_WRONG',
  'PAIRING_NO_ANSWER',
  'PAIRING_GRANT_INVALID',
  'SHOP_NOT_CONFIGURED',
  'SHOP_ALREADY_CONFIGURED',
  'SHOP_NOT_OWNER',
  'SHOP_TERMINAL_UNKNOWN',
  'SHOP_TERMINAL_SELF',
  // DEMO mode
  'NOT_DEMO',
  'NOT_PENDING',
  'DEMO_PAY_FAILED',
  // Enviar cobrança (shared/domain/send-charge.ts)
  'SEND_NOT_VERIFIED',
  'SEND_NOT_OPEN',
  'VALIDITY_COUNTER_ONLY',
  'VALIDITY_TOO_LONG',
  // Cobrança com vencimento, API Pix `cobv` (shared/domain/cobv.ts)
  'COBV_PERCENT_INVALID',
  'COBV_DUE_DATE_INVALID',
  'COBV_DUE_DATE_PAST',
  'COBV_DUE_DATE_TOO_FAR',
  'COBV_DAYS_AFTER_RANGE',
  'COBV_FINE_RANGE',
  'COBV_INTEREST_RANGE',
  'COBV_DISCOUNT_RANGE',
  'COBV_PAYER_REQUIRED',
  // Restoring a copy of the ledger from Configurações
  'BACKUP_NOT_FOUND',
  'BACKUP_DAMAGED',
  'BACKUP_DIR_NOT_ABSOLUTE',
  'BACKUP_DIR_MISSING',
  'BACKUP_DIR_NOT_WRITABLE',
  // The IPC boundary and the development host
  'UNKNOWN_CHANNEL',
  'INVALID_PAYLOAD',
  'FORBIDDEN_SENDER',
  'INTERNAL',
  'HOST_GONE',
  // Going live: onboarding, `Testar conexão`, the keychain, the relay channel
  'URL_EMPTY',
  'URL_INVALID',
  'CLIENT_ID_EMPTY',
  'CLIENT_SECRET_EMPTY',
  'RELAY_CHANNEL_EMPTY',
  'RELAY_TOKEN_SHORT',
  'RELAY_UNREACHABLE',
  'RELAY_ADMIN_REFUSED',
  'RELAY_UNEXPECTED',
  'PIN_MISMATCH',
  'PIN_CURRENT_EMPTY',
  'KEYCHAIN_MISSING',
  'PSP_FIXED',
  'PSP_TLS',
  // The API Pix kind (electron/services/psp/api-pix/)
  'APIPIX_CERT_MISSING',
  'APIPIX_CERT_UNREADABLE',
  'APIPIX_CERT_NO_KEY',
  'APIPIX_CERT_EXPIRED',
  'APIPIX_CERT_NOT_YET_VALID',
  'APIPIX_CERT_WRONG_HOST',
  'APIPIX_CERT_REFUSED',
  'APIPIX_TOKEN_HTML',
  'APIPIX_TOKEN_URL_EMPTY',
  'APIPIX_CHAVE_EMPTY',
  'APIPIX_AMOUNT_DIFFERS',
  'APIPIX_REPLY_INVALID',
  'APIPIX_NO_BRCODE',
  'APIPIX_QR_UNVERIFIED',
  'APIPIX_QR_MISMATCH',
  'APIPIX_CANCEL_REFUSED',
  'APIPIX_WEBHOOK_NO_RELAY',
  // Devolução and the received-PIX list (electron/services/refunds/, reconciliation/received-pix.ts)
  'REFUND_NOT_OFFERED',
  'REFUND_DEMO_APART',
  'REFUND_NOT_PAID',
  'REFUND_NOTHING_LEFT',
  'REFUND_EXCEEDS_REMAINING',
  'REFUND_NO_PAYMENT_ID',
  'RECEIVED_PIX_NOT_OFFERED',
  'PSP_NOT_OFFERED',
  // Hostile replies (electron/services/psp/http.ts)
  'PSP_REDIRECT',
  'PSP_REPLY_TOO_LARGE',
  'PSP_REPLY_TOO_DEEP',
  // Printing and receipts
  'PRINTER_UNAVAILABLE',
  'PRINTER_ADDRESS_INVALID',
  'PRINTER_PATH_EMPTY',
  'PRINTER_PATH_INVALID',
  'PRINTER_NOT_FOUND',
  'PRINTER_NOT_ESCPOS',
  'PRINT_UNAVAILABLE',
  'NOTHING_TO_PRINT',
  'PRINT_FAILED',
  'PDF_SAVE_FAILED',
  'PROOFS_TOO_FEW',
  'CONFIRM_NEEDS_QUERY',
  'PROOF_BOUNDS',
  'STATUS_QUERY_BUDGET',
  'SPLIT_TAX',
  'REQUEST_TOO_LARGE',
  // The PDV's local API (electron/services/pdv/).
  'PDV_REFERENCE',
  'DEEP_LINK_INVALID',
  'PDV_REFERENCE_FAILED',
  'PDV_REFERENCE_OTHER_AMOUNT',
  'PDV_REFERENCE_UNKNOWN',
  'PDV_API_TOKEN',
  'PDV_API_ORIGIN',
  'PDV_API_BODY',
  'PDV_API_PATH',
  'PDV_API_PAYER',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** App-wide notices (`notices.<code>` in the renderer). */
export const APP_NOTICE_CODES = [
  'LATE_PAYMENT',
  'RELAY_UNREACHABLE',
  'MED_INFRACTION',
  // A PDV sale undone after its PIX was paid (NCN, CNC, never confirmed): money to give back.
  'PDV_REFUND_DUE',
  'RECEIVER_CHANGED',
  // Refused callbacks today (shared/domain/callback-refusals.ts): count and the reason to fix.
  'CALLBACKS_REFUSED',
] as const;
export type AppNoticeCode = (typeof APP_NOTICE_CODES)[number];

/** Why callbacks come (or do not come) from where they do: `ConnectionStatus.detail` (`notices.<code>`). */
export const CONNECTION_DETAIL_CODES = [
  'RELAY_UNREACHABLE',
  'RELAY_SILENT',
  'RELAY_CONNECTING',
  'CALLBACKS_DIRECT',
  'CALLBACKS_POLLING',
  'CALLBACKS_NONE',
] as const;
export type ConnectionDetailCode = (typeof CONNECTION_DETAIL_CODES)[number];

/** A withdrawal's notice (`withdrawalNotices.<code>`), else the ErrorCode of its failure. */
export const WITHDRAWAL_NOTICE_CODES = ['UNCERTAIN', 'ALREADY_RECEIVED'] as const;

/** A charge's notice (`chargeNotices.<code>`): shared/domain/charge-notices.ts. */
export { CHARGE_NOTICE_CODES } from './domain/charge-notices';

/** Values a translation may interpolate: data, never words (a field path, the PSP's own text). */
export type CodeParams = Record<string, string | number>;
