import { describe, expect, it } from 'vitest';
import { appSettingsSchema, defaultSettings } from '../../../shared/settings';

// Configurações → Caixa → Bloqueio por inatividade (issue 36): minutes, off by default, 0 to 120.
describe('the idle lock setting', () => {
  it('is off (0 minutes) by default, also for settings saved before it existed', () => {
    expect(defaultSettings().operators.idleLockMinutes).toBe(0);
    expect(appSettingsSchema.parse({ charges: { expiryMinutes: 20 } }).operators).toEqual({
      idleLockMinutes: 0,
    });
  });

  it('takes whole minutes from 0 to 120 and refuses anything else', () => {
    for (const ok of [0, 1, 120])
      expect(appSettingsSchema.safeParse({ operators: { idleLockMinutes: ok } }).success).toBe(
        true,
      );
    for (const bad of [-1, 121, 1.5])
      expect(appSettingsSchema.safeParse({ operators: { idleLockMinutes: bad } }).success).toBe(
        false,
      );
  });
});
