import { z } from 'zod';
import { DEFAULT_NAMES } from './default-names';
import { IDLE_LOCK_MAX_MINUTES, IDLE_LOCK_OFF } from './domain/idle-lock';
import { checkPayer } from './domain/payer';
import { PRINTER_KINDS } from './domain/printer-target';
import { DEFAULT_STATION, STATIONS } from './domain/station';
import { pspSettingsSchema } from './psp-settings';

/**
 * `Pagador padrão`: the payer sent to the PSP when the cashier does not identify one (the PSP
 * records it on the charge). Every field checked like the cashier's own.
 */
export const defaultPayerSchema = z
  .object({
    name: z.string().trim().min(1).max(100),
    document: z.string().trim().max(32),
    email: z.string().trim().max(254),
    phone: z.string().trim().max(32),
  })
  .strict()
  .superRefine((p, ctx) => {
    // The cashier's own rules for a deposit's payer (shared/domain/payer.ts).
    for (const i of checkPayer(p, 'deposit').issues)
      ctx.addIssue({ code: 'custom', path: [i.field], message: i.code });
  });
export type DefaultPayer = z.infer<typeof defaultPayerSchema>;

/**
 * Which library talks to the OS keychain ("Cofre de senhas do sistema"). keytar is the default
 * (archived upstream, 7.9.0 is its last release); @napi-rs/keyring reads keytar's entries and
 * keytar reads its own, so switching either way loses no secret. Read by the main process
 * before the app core starts (electron/main/adapters/stored-keychain.ts): it takes effect at the
 * next start; BALCAO_KEYCHAIN overrides it.
 */
export const KEYCHAIN_BACKENDS = ['keytar', 'napi-keyring'] as const;
export type KeychainBackend = (typeof KEYCHAIN_BACKENDS)[number];
export const DEFAULT_KEYCHAIN: KeychainBackend = 'keytar';

/**
 * The app's non-secret settings (stored in the ledger). Secrets are never here: they live in
 * the OS keychain and cross IPC write-only.
 */
export const appSettingsSchema = z.object({
  terminalName: z.string().trim().min(1).max(40).default(DEFAULT_NAMES['pt-BR'].terminalName),
  shopName: z.string().trim().min(1).max(60).default(DEFAULT_NAMES['pt-BR'].shopName),
  language: z.enum(['pt-BR', 'en']).default('pt-BR'),
  /** `Este computador`: a counter, or the owner's PC only (no Caixa, never charges; station.ts). */
  station: z.enum(STATIONS).default(DEFAULT_STATION),
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
  /** Windows and macOS start Balcão at login ("Abrir ao ligar o computador"). */
  openAtLogin: z.boolean().default(false),
  /** The keychain library, from the next start on (KEYCHAIN_BACKENDS). */
  keychain: z.enum(KEYCHAIN_BACKENDS).default(DEFAULT_KEYCHAIN),
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
  defaultPayer: defaultPayerSchema.nullable().default(null),
  /**
   * A second folder for the ledger's daily copies (another disk, a folder a cloud client syncs),
   * besides `backups/` in the data folder; '' = none. Checked (exists, writable) when changed.
   */
  backups: z.object({ extraDir: z.string().trim().max(260).default('') }).prefault({}),
  /** Integração com o PDV (docs/pdv-integration.md): the TEF Dial folders; '' = the default. */
  pdv: z
    .object({
      enabled: z.boolean().default(false),
      reqDir: z.string().trim().max(260).default(''),
      respDir: z.string().trim().max(260).default(''),
      /** An approved sale the PDV never confirms is settled as undone after this. */
      confirmMinutes: z
        .number()
        .int()
        .min(1)
        .max(24 * 60)
        .default(10),
      /** The local API on 127.0.0.1 (docs/pdv-api.openapi.yaml); its token lives hashed apart. */
      apiEnabled: z.boolean().default(false),
      apiPort: z.number().int().min(1024).max(65535).default(7077),
    })
    .prefault({}),
  /** Operadores e turnos (issue 36): the idle lock, in minutes; 0 = off (shared/domain/idle-lock.ts). */
  operators: z
    .object({
      idleLockMinutes: z.number().int().min(0).max(IDLE_LOCK_MAX_MINUTES).default(IDLE_LOCK_OFF),
    })
    .prefault({}),
});
export type AppSettings = z.infer<typeof appSettingsSchema>;

export const defaultSettings = (): AppSettings => appSettingsSchema.parse({});

/**
 * A schema's patch form: every key optional at every depth, and no defaults anywhere. Zod 4
 * fills `.default()`/`.prefault()` values even under `.partial()`, so a patch naming one PSP
 * setting used to come out with every other one reset; derived here, a new setting is
 * partial-safe without anyone remembering to.
 */
function patchOf(schema: z.ZodType): z.ZodType {
  const type = schema.def.type;
  if (type === 'default' || type === 'prefault' || type === 'optional')
    return patchOf((schema as unknown as { unwrap(): z.ZodType }).unwrap());
  if (type === 'object') {
    const shape = (schema as z.ZodObject).shape as Record<string, z.ZodType>;
    return z
      .object(Object.fromEntries(Object.entries(shape).map(([k, v]) => [k, patchOf(v).optional()])))
      .strict();
  }
  return schema;
}

/** A partial update at any depth: what it names changes, everything else stays (applyPatch). */
export type SettingsPatch = DeepPartial<AppSettings>;
export const settingsPatchSchema = patchOf(appSettingsSchema) as z.ZodType<
  SettingsPatch,
  SettingsPatch
>;
type DeepPartial<T> = T extends readonly unknown[]
  ? T
  : T extends object
    ? { [K in keyof T]?: DeepPartial<T[K]> }
    : T;

const isPlain = (v: unknown): v is Record<string, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The merge rule of a patch: plain objects merge key by key at any depth; anything else (a
 * string, a number, an array, null, a status map) replaces the value; an absent or undefined
 * key keeps it.
 */
export function applyPatch<T>(base: T, patch: unknown): T {
  if (!isPlain(base) || !isPlain(patch)) return (patch === undefined ? base : patch) as T;
  const out: Record<string, unknown> = { ...base };
  // A status map is replaced whole, so a name can be removed from it.
  for (const [k, v] of Object.entries(patch))
    out[k] = k === 'statusMap' && v !== undefined ? v : applyPatch(base[k], v);
  return out as T;
}
