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
  'operators',
  'refunds',
  'share',
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
