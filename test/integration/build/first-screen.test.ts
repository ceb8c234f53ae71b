import { readFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { FIRST_WORDS, LATER_WORDS } from '../../../renderer/i18n/first-words';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { firstScreen, type FirstScreen } from '../../helpers/renderer-chunks';

const root = path.resolve(import.meta.dirname, '../../..');
const SECTIONS = Object.keys(ptBR).join('|');
/** A word's key in source: 'section.key', or its fixed start before a `${…}`. */
const KEY = new RegExp(`['"\`]((?:${SECTIONS})\\.[\\w.]*)`, 'g');
const withoutComments = (src: string) =>
  src.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
/** Whether the first chunk's words hold `key` (a prefix ending in '.' needs its whole section). */
const under = (key: string, w: string) => key === w || key.startsWith(`${w}.`);
const inFirst = (key: string) =>
  FIRST_WORDS.some((w) => under(key, w)) && !LATER_WORDS.some((w) => under(key, w));

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

  it('holds every word the first chunk’s modules name (the rest comes with the other screens)', () => {
    const missing = first.modules
      .filter((m) => /^(renderer|shared)\/.*\.tsx?$/.test(m) && !m.startsWith('renderer/i18n/'))
      .flatMap((m) =>
        [...withoutComments(readFileSync(path.join(root, m), 'utf8')).matchAll(KEY)]
          .map((k) => k[1]!)
          .filter((k) => !inFirst(k))
          .map((k) => `${m}: ${k}`),
      );
    expect(missing).toEqual([]);
  });

  it('holds the Caixa’s Portuguese words and not the other screens’ (pt-BR cut at build time)', () => {
    const words = (section: object) =>
      Object.values(section).filter(
        (w): w is string => typeof w === 'string' && w.length > 24 && !/[\\"'`]/.test(w),
      );
    const absent = (w: string) => !first.code.includes(w); // booleans: the code is 400 KB
    expect(words(ptBR.cashier).filter(absent)).toEqual([]);
    const caixaErrors = Object.fromEntries(
      Object.entries(ptBR.errors).filter(([k]) => inFirst(`errors.${k}`)),
    );
    expect(words(caixaErrors).filter(absent)).toEqual([]);
    expect(words(ptBR.errors).filter(absent).length).toBeGreaterThan(10); // the owner screens'
    // The Caixa's own words, some of which other screens say too (they are in the first chunk).
    const caixa = JSON.stringify(
      FIRST_WORDS.map((p) => p.split('.').reduce<unknown>((o, k) => (o as never)[k], ptBR)),
    );
    const others = [ptBR.settings, ptBR.onboarding, ptBR.infractions, ptBR.pdv]
      .flatMap(words)
      .filter((w) => !caixa.includes(w));
    expect(others.length).toBeGreaterThan(20);
    expect(others.filter((w) => !absent(w))).toEqual([]);
  });

  it('each owner screen and English is a chunk the build still has (loaded on demand)', () => {
    const all = first.chunks.flatMap((c) => c.modules);
    for (const m of [
      'renderer/features/settings/SettingsScreen.tsx',
      'renderer/features/history/HistoryScreen.tsx',
      'renderer/features/onboarding/ConnectFlow.tsx',
      'renderer/i18n/en.ts',
      'renderer/i18n/pt-BR-rest.ts',
    ])
      expect(all).toContain(m);
  });
});
