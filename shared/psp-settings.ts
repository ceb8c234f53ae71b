import { z } from 'zod';
import { DEFAULT_MAX_CENTS } from './domain/money';

/**
 * Every assumption PSP-API.md makes where the seed is silent is a setting here, so a shop whose
 * PSP differs changes a setting, not code ("Advanced / PSP compatibility").
 */
export const callbackSettingsSchema = z.object({
  signatureHeader: z.string().min(1).default('x-signature'),
  timestampHeader: z.string().min(1).default('x-timestamp'),
  eventIdHeader: z.string().min(1).default('x-event-id'),
  algorithm: z.enum(['sha256', 'sha512']).default('sha256'),
  encoding: z.enum(['hex', 'base64']).default('hex'),
  /** The signed string; `{timestamp}` and `{body}` are replaced. */
  template: z.string().includes('{body}').default('{timestamp}.{body}'),
  toleranceSeconds: z.number().int().min(1).max(86_400).default(300),
  /** After a client secret rotation, callbacks signed with the old one are accepted this long. */
  previousSecretHours: z
    .number()
    .int()
    .min(0)
    .max(7 * 24)
    .default(24),
});
export type CallbackSettings = z.infer<typeof callbackSettingsSchema>;

export const pspSettingsSchema = z.object({
  baseUrl: z.string().url(),
  chargeOperation: z.enum(['deposit', 'transaction']).default('deposit'),
  loginClientIdField: z.string().min(1).default('client_id'),
  loginClientSecretField: z.string().min(1).default('client_secret'),
  withdrawAuth: z.enum(['bearer', 'cics']).default('bearer'),
  /** A10: e.g. `/transactions/{id}`; empty = no status query. */
  statusQueryPath: z.string().default(''),
  requestTimeoutMs: z.number().int().min(500).max(120_000).default(15_000),
  maxAmountCents: z.number().int().min(1).default(DEFAULT_MAX_CENTS),
  callback: callbackSettingsSchema.prefault({}),
});
export type PspSettings = z.infer<typeof pspSettingsSchema>;
export type PspSettingsInput = z.input<typeof pspSettingsSchema>;
