import { z } from 'zod';
import { PRINTER_KINDS } from './domain/printer-target';
import { pspSettingsSchema } from './psp-settings';

/**
 * The app's non-secret settings (stored in the ledger). Secrets are never here: they live in
 * the OS keychain and cross IPC write-only.
 */
export const appSettingsSchema = z.object({
  terminalName: z.string().trim().min(1).max(40).default('Caixa 1'),
  shopName: z.string().trim().min(1).max(60).default('Minha loja'),
  language: z.enum(['pt-BR', 'en']).default('pt-BR'),
  // The PSP compatibility settings (docs/psp-compatibility.md); the base URL may be empty until configured.
  psp: pspSettingsSchema.extend({ baseUrl: z.string().default('') }).prefault({}),
  charges: z
    .object({
      /** Local expiry; the app keeps listening for a late payment after it. */
      expiryMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(15),
    })
    .prefault({}),
  relay: z
    .object({
      url: z.string().default(''),
      channelId: z.string().default(''),
    })
    .prefault({}),
  printer: z
    .object({
      name: z.string().default(''),
      paperWidthMm: z.union([z.literal(58), z.literal(80)]).default(80),
      /** `system`: the OS print dialog; otherwise ESC/POS straight to `address` (network or device). */
      kind: z.enum(PRINTER_KINDS).default('system'),
      address: z.string().trim().max(260).default(''),
    })
    .prefault({}),
  customerDisplay: z.boolean().default(false),
  /**
   * `Divisão (split)`: `splitUser`/`splitTax` of `/transactions/create`, sent with every charge
   * made with that operation. Empty e-mail = no split; with an e-mail, 0 < taxPercent ≤ 100.
   */
  split: z
    .object({
      user: z.union([z.literal(''), z.email('e-mail inválido')]).default(''),
      taxPercent: z.number().min(0).max(100, 'no máximo 100%').default(0),
    })
    .prefault({}),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const defaultSettings = (): AppSettings => appSettingsSchema.parse({});

/** A partial update: every key optional, nested one level. */
export const settingsPatchSchema = z
  .object({
    terminalName: z.string(),
    shopName: z.string(),
    language: z.enum(['pt-BR', 'en']),
    psp: appSettingsSchema.shape.psp.unwrap().partial(),
    charges: appSettingsSchema.shape.charges.unwrap().partial(),
    relay: appSettingsSchema.shape.relay.unwrap().partial(),
    printer: appSettingsSchema.shape.printer.unwrap().partial(),
    customerDisplay: z.boolean(),
    split: appSettingsSchema.shape.split.unwrap().partial(),
  })
  .partial()
  .strict();
export type SettingsPatch = z.input<typeof settingsPatchSchema>;
