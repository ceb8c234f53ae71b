import type { CallbackPolicy, CallbackSettings } from '../../../shared/psp-settings';
import { err, ok, type Result } from '../../../shared/result';
import { readApiPixBody } from './api-pix-body';
import type { ReceivedCallback } from './received';
import {
  callbackEventId,
  parseCallbackBody,
  verifyCallback,
  type CallbackBody,
  type SecretRing,
} from './verify';

/**
 * The callback policies (docs/psp-compatibility.md, "Callback policy"):
 * - `hmac` (A8): a callback is believed once its signature and timestamp check;
 * - `confirm-by-query`: the PSP does not sign, so a callback is only a hint naming a charge;
 *   the app asks the status query and applies the query's answer. Nothing in an unsigned body
 *   is ever applied to a charge, so a forged `COMPLETO` cannot make anything `Pago`.
 */
export interface ReadCallback {
  eventId: string;
  body: CallbackBody;
  /** True when the body may be applied as is (its signature checked). */
  trusted: boolean;
}

export function readCallback(
  policy: CallbackPolicy,
  cb: ReceivedCallback,
  secrets: SecretRing | null,
  settings: CallbackSettings,
  nowMs: number,
  idFields: readonly string[],
): Result<ReadCallback> {
  if (policy === 'confirm-by-query') {
    // The API Pix's `{pix: [...]}` (or Inter's bare array) names its charges by txid.
    const body = readApiPixBody(cb.json) ?? parseCallbackBody(cb.json, idFields, settings);
    if (!body.ok) return body;
    return ok({
      eventId: callbackEventId(cb, settings),
      body: body.value,
      trusted: false,
    });
  }
  if (!secrets) return err('auth', 'CALLBACK_NO_SECRET');
  const v = verifyCallback(cb, secrets, settings, nowMs, idFields);
  return v.ok ? ok({ eventId: v.value.eventId, body: v.value.body, trusted: true }) : v;
}

/** A MED callback: `{event: "INFRACTION", infraction: {...}, transaction: {...}}`. */
export const isInfractionEvent = (body: CallbackBody): boolean =>
  typeof body.raw.event === 'string' && body.raw.event.toUpperCase() === 'INFRACTION';
