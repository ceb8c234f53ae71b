/**
 * The contract's channel names alone, so the preload bundle stays tiny (no schema library).
 * `ipc-contract.ts` defines a schema for each and the compiler checks both lists agree.
 */
export const CALL_CHANNELS = [
  'app:info',
  'charges:create',
  'charges:get',
  'charges:list',
  'charges:cancel',
  'charges:abandon',
  'charges:current',
  'charges:recheck',
  'charges:simulatePayment',
  'history:page',
  'history:detail',
  'history:closing',
  'printer:printReceipt',
  'printer:printClosing',
  'withdrawals:create',
  'withdrawals:list',
  'account:balance',
  'account:cryptoFees',
  'infractions:list',
  'infractions:defend',
  'credentials:set',
  'credentials:clear',
  'credentials:status',
  'credentials:setRelayToken',
  'credentials:setWebhookSecret',
  'settings:get',
  'settings:update',
  'owner:status',
  'owner:unlock',
  'owner:lock',
  'owner:setPin',
  'onboarding:test',
  'onboarding:save',
  'onboarding:dismiss',
  'print:page',
  'print:pdf',
] as const;
export const EVENT_CHANNELS = [
  'charges:updated',
  'charges:paid',
  'withdrawals:updated',
  'connection:changed',
  'app:notice',
  'infractions:changed',
] as const;

export type CallChannel = (typeof CALL_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];
