import { beforeAll, describe, expect, it } from 'vitest';
import { firstScreen, type FirstScreen } from '../../helpers/renderer-chunks';

// Issue 35, a small first screen: the Caixa's window loads only what the Caixa needs; owner
// screens, English, the zod schemas and the QR encoder are chunks fetched on demand (or on idle).
describe('the first screen of a real renderer build', () => {
  let first: FirstScreen;
  beforeAll(async () => {
    first = await firstScreen();
  }, 120_000);

  const has = (pattern: RegExp) => first.modules.filter((m) => pattern.test(m));

  it('holds the Caixa and its PIN dialog', () => {
    expect(has(/renderer\/features\/cashier\/CashierScreen\.tsx$/)).toHaveLength(1);
    expect(has(/renderer\/components\/PinDialog\.tsx$/)).toHaveLength(1);
    expect(has(/renderer\/i18n\/pt-BR\.ts$/)).toHaveLength(1);
  });

  it('leaves out every owner screen, onboarding, the customer display and English', () => {
    expect(
      has(
        /renderer\/features\/(history|account|withdrawals|infractions|settings|pdv|onboarding|customer)\//,
      ),
    ).toEqual([]);
    expect(has(/renderer\/features\/health\/HealthScreen\.tsx$/)).toEqual([]);
    expect(has(/renderer\/i18n\/en\.ts$/)).toEqual([]);
  });

  it('leaves out the zod schemas, the QR encoder and i18next (14 KB: the app has its own t)', () => {
    expect(has(/node_modules\/zod\//)).toEqual([]);
    expect(has(/node_modules\/(i18next|react-i18next)\//)).toEqual([]);
    expect(has(/node_modules\/qrcode\//)).toEqual([]);
  });

  it('each owner screen and English is a chunk the build still has (loaded on demand)', () => {
    const all = first.chunks.flatMap((c) => c.modules);
    for (const m of [
      'renderer/features/settings/SettingsScreen.tsx',
      'renderer/features/history/HistoryScreen.tsx',
      'renderer/features/onboarding/ConnectFlow.tsx',
      'renderer/i18n/en.ts',
    ])
      expect(all).toContain(m);
  });
});
