/**
 * The Portuguese words in the Caixa's first chunk (issue 35, a small first screen): whole
 * sections, or single keys of a section the Caixa touches once. Every other word is in a chunk
 * of its own (`pt-BR-rest.ts`), fetched with any other screen or on idle. A build test fails if
 * a module of the first chunk names a word that is not here (test/integration/build).
 */
export const FIRST_WORDS = [
  'nav',
  'cashier',
  'status',
  'statusLabel',
  'connection',
  'pspHealth',
  'counter',
  'news',
  'different',
  'owner',
  'operators.at',
  'operators.closeShift',
  'operators.confirmClose',
  'operators.switch',
  'operators.choose',
  'operators.enter',
  'operators.name',
  'operators.who',
  'operators.yourPin',
  'operators.idleLocked',
  'refunds',
  'share.open',
  'receipt',
  'health',
  // Said in the Caixa's notices and errors, which are words by the time they are stored.
  'errors',
  'notices',
  'callbackRefusals',
  'chargeNotices',
  'chargeNoticeReasons',
  'onboarding.keychainMissing',
  'history.printPaid',
  'withdraw.keyType',
  'pixKeyTypes',
  // What a PSP's kind does not offer: said without fetching the screen.
  'apiPix.notOffered',
  'apiPix.what',
  'account.balance',
] as const;

/**
 * Words inside FIRST_WORDS that only an owner screen says (its forms' and lists' errors): they
 * come with those screens. A notice naming one before they arrive says `errors.generic` at worst.
 */
export const LATER_WORDS = [
  ...['URL_EMPTY', 'URL_INVALID', 'URL_NOT_HTTPS', 'CLIENT_ID_EMPTY', 'CLIENT_SECRET_EMPTY'],
  ...['RELAY_CHANNEL_EMPTY', 'RELAY_TOKEN_SHORT', 'RELAY_ADMIN_REFUSED', 'SETTINGS_INVALID'],
  ...['APIPIX_TOKEN_URL_EMPTY', 'APIPIX_CHAVE_EMPTY', 'APIPIX_WEBHOOK_NO_RELAY'],
  ...['RECEIVER_DOCUMENT_REQUIRED', 'OPERATOR_NAME_EMPTY', 'PDF_SAVE_FAILED'],
  ...['BACKUP_NOT_FOUND', 'BACKUP_DAMAGED', 'BACKUP_DIR_NOT_ABSOLUTE', 'BACKUP_DIR_MISSING'],
  ...['BACKUP_DIR_NOT_WRITABLE', 'PROOF_BOUNDS', 'PROOFS_TOO_FEW', 'PROOFS_TOO_MANY'],
  ...['PROOF_NOT_HTTPS', 'JUSTIFICATIVA_LENGTH', 'DEFENSE_ALREADY_SENT'],
  ...['PDV_API_TOKEN', 'PDV_API_ORIGIN', 'PDV_API_BODY', 'PDV_API_PATH', 'PDV_API_PAYER'],
  ...['CALLBACK_NO_SIGNATURE', 'CALLBACK_NO_TIMESTAMP', 'CALLBACK_BAD_TIMESTAMP'],
  ...['CALLBACK_STALE', 'CALLBACK_FUTURE', 'CALLBACK_BAD_SIGNATURE', 'CALLBACK_BAD_BODY'],
  ...['CALLBACK_AMOUNT_ZERO', 'CALLBACK_AMOUNT_NEGATIVE', 'CALLBACK_AMOUNT_INVALID'],
  'CALLBACK_NO_SECRET',
].map((code) => `errors.${code}`);
