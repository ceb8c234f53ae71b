import { z } from 'zod';
import type { Result } from './result';

/**
 * What happened to `PUT /webhook/{chave}` the last time the owner saved an API Pix PSP: the URL
 * the PSP was given and its answer (an error code and the PSP's own words), kept for the
 * onboarding's last step and Configurações. A code, never a sentence: the renderer words it.
 */
export const webhookRegistrationSchema = z.discriminatedUnion('ok', [
  z.object({ ok: z.literal(true), at: z.number(), url: z.string() }),
  z.object({
    ok: z.literal(false),
    at: z.number(),
    url: z.string(),
    code: z.string(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
]);
export type WebhookRegistration = z.infer<typeof webhookRegistrationSchema>;

/** The terminal's hook URL on its relay (the PSP appends `/pix`); empty without a relay. */
export function hookUrlOf(relay: { url: string; channelId: string }): string {
  if (!relay.url.trim() || !relay.channelId.trim()) return '';
  return `${relay.url.trim().replace(/\/+$/, '')}/hooks/${encodeURIComponent(relay.channelId.trim())}`;
}

/** The PSP's answer as it is kept: no relay, registered, or refused with the PSP's words. */
export function webhookOutcome(
  url: string,
  answer: Result<true> | null,
  at: number,
): WebhookRegistration {
  if (!url) return { ok: false, at, url, code: 'APIPIX_WEBHOOK_NO_RELAY' };
  if (!answer || answer.ok) return { ok: true, at, url };
  return { ok: false, at, url, code: answer.code, ...(answer.params && { params: answer.params }) };
}
