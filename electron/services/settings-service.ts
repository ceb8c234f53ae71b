import { printerTarget } from '../../shared/domain/printer-target';
import { withLanguage } from '../../shared/default-names';
import { checkPspSettings } from '../../shared/psp-settings';
import { err, ok, type Result } from '../../shared/result';
import {
  applyPatch,
  appSettingsSchema,
  defaultSettings,
  type AppSettings,
  type SettingsPatch,
} from '../../shared/settings';
import { checkBackupFolder } from './ledger/backup-folder';
import type { KvRepo } from './ledger/kv-repo';

const LOOPBACK = /^(localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i;

/** A15: the PSP and the relay are https, except loopback (sandbox, demo). */
export function checkServiceUrl(value: string, field: string): Result<string> {
  if (value === '') return ok(value);
  try {
    const u = new URL(value);
    if (u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.test(u.hostname)))
      return ok(value.replace(/\/+$/, ''));
  } catch {
    // fall through
  }
  return err('validation', 'URL_NOT_HTTPS', {
    field,
  });
}

/** Non-secret settings, in the ledger; every change validated whole before it is saved. */
export class SettingsService {
  private cache: AppSettings | undefined;

  constructor(
    private readonly kv: KvRepo,
    private readonly onChange: (s: AppSettings) => void = () => {},
  ) {}

  get(): AppSettings {
    this.cache ??= appSettingsSchema.parse(this.kv.get('settings') ?? {});
    return this.cache;
  }

  update(patch: SettingsPatch): Result<AppSettings> {
    const next = this.check(patch);
    if (!next.ok) return next;
    this.kv.set('settings', next.value);
    this.cache = next.value;
    this.onChange(next.value);
    return next;
  }

  /** The settings a patch would give, validated whole, without saving anything. */
  check(patch: SettingsPatch): Result<AppSettings> {
    let merged = applyPatch(this.get(), patch);
    // Another language: the names nobody changed ("Caixa 1", "Minha loja") follow it.
    if (patch.language && patch.language !== this.get().language)
      merged = withLanguage(merged, patch.language);
    const parsed = appSettingsSchema.safeParse(merged);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      return err('validation', 'SETTINGS_INVALID', {
        field: issue.path.join('.'),
      });
    }
    const rules = checkPspSettings(parsed.data.psp);
    if (!rules.ok) return rules;
    const { split } = parsed.data;
    if (split.user !== '' && !(split.taxPercent > 0)) {
      return err('validation', 'SPLIT_TAX', { field: 'split.taxPercent' });
    }
    const psp = checkServiceUrl(parsed.data.psp.baseUrl, 'psp.baseUrl');
    if (!psp.ok) return psp;
    const relay = checkServiceUrl(parsed.data.relay.url, 'relay.url');
    if (!relay.ok) return relay;
    const printer = printerTarget(parsed.data.printer.kind, parsed.data.printer.address);
    if (!printer.ok) return printer;
    // The backup folder is checked when chosen, not at every save (a disk unplugged later is
    // reported by the copy that fails, and must not block the other settings).
    const { extraDir } = parsed.data.backups;
    if (extraDir !== '' && extraDir !== this.get().backups.extraDir) {
      const folder = checkBackupFolder(extraDir);
      if (!folder.ok) return folder;
    }
    parsed.data.psp.baseUrl = psp.value;
    parsed.data.relay.url = relay.value;
    return ok(parsed.data);
  }

  /** Fresh-install values the composition root wants (demo PSP URL…), without touching user edits. */
  seed(patch: SettingsPatch): void {
    if (this.kv.get('settings') === undefined) {
      this.cache = appSettingsSchema.parse(applyPatch(defaultSettings(), patch));
      this.kv.set('settings', this.cache);
    }
  }
}
