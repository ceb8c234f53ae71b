/**
 * The contract's channel names alone, so the preload bundle stays tiny (no schema library).
 * `ipc-contract.ts` defines a schema for each and the compiler checks both lists agree.
 */
export const CALL_CHANNELS = ['app:info'] as const;
export const EVENT_CHANNELS = ['app:notice'] as const;

export type CallChannel = (typeof CALL_CHANNELS)[number];
export type EventChannel = (typeof EVENT_CHANNELS)[number];
