import { describe, expect, it } from 'vitest';
import { CHECK_IDS, CHECK_PROBLEMS } from '../../../shared/domain/connection-checks';
import { healthOf, HEALTH_ITEMS, type HealthSignals } from '../../../shared/domain/health';
import { en } from '../../../renderer/i18n/en';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { allWell } from '../../helpers/health-signals';

// Every line of Testar conexão and of Saúde reads in both languages (codes, not sentences).
const dictionaries = { 'pt-BR': ptBR, en } as const;
const base = allWell(1_000_000, 10_000, { name: 'PADARIA — SP', key: 'k' });
// Each item's codes, reached through healthOf itself (so a new code cannot hide).
const variants: Array<Partial<HealthSignals>> = [
  {},
  { relay: { configured: false, state: 'offline' } },
  {
    relay: { configured: false, state: 'offline' },
    statusQuery: { configured: false, result: 'unknown' },
  },
  { relay: { configured: true, state: 'connected' } },
  { relay: { configured: true, state: 'offline' } },
  { psp: { reachable: 'unreachable', auth: 'unknown' } },
  { psp: { reachable: 'slow', auth: 'unknown' } },
  { psp: { reachable: 'reachable', auth: 'refused' } },
  { psp: { reachable: 'reachable', auth: 'unknown' } },
  { statusQuery: { configured: false, result: 'unknown' } },
  { statusQuery: { configured: true, result: 'unknown' } },
  { statusQuery: { configured: true, result: 'failed', code: 'PSP_AUTH' } },
  { statusQuery: { configured: true, result: 'failed', code: 'PSP_TIMEOUT' } },
  { statusQuery: { configured: true, result: 'failed', code: 'ROUTE_MISSING' } },
  { keychain: false },
  { printer: { kind: 'system' } },
  { printer: { kind: 'escpos' } },
  { printer: { kind: 'escpos', reachable: false } },
  { clockSkewMs: undefined },
  { clockSkewMs: 200_000 },
  { clockSkewMs: 600_000 },
  { waiting: 3 },
  { receiver: {} },
  { receiver: { pinned: { name: 'X', confirmed: false } } },
  { receiver: { refused: true } },
];

describe.each(Object.entries(dictionaries))('%s words every check and health code', (_l, d) => {
  it('Testar conexão: every check name and problem', () => {
    const o = d.onboarding as unknown as {
      check: Record<string, string>;
      problem: Record<string, string>;
    };
    expect(CHECK_IDS.filter((c) => !o.check[c]?.trim())).toEqual([]);
    expect(CHECK_PROBLEMS.filter((c) => !o.problem[c]?.trim())).toEqual([]);
  });
  it('Saúde: every item and every code healthOf can give', () => {
    const h = d.health as unknown as Record<string, Record<string, string>>;
    expect(HEALTH_ITEMS.filter((i) => !h.item![i]?.trim())).toEqual([]);
    const codes = new Set(
      variants.flatMap((v) => healthOf({ ...base, ...v }).items.map((i) => `${i.id}.${i.code}`)),
    );
    expect([...codes].filter((c) => !h[c.split('.')[0]!]?.[c.split('.')[1]!]?.trim())).toEqual([]);
  });
});

describe('healthOf: red only where a payment is at stake, and says so', () => {
  it('a clock 10 minutes off is red (callbacks stale), 3 minutes amber, 1 s green', () => {
    const clock = (ms: number) =>
      healthOf({ ...base, clockSkewMs: ms }).items.find((i) => i.id === 'clock')!.level;
    expect(clock(600_000)).toBe('bad');
    expect(clock(-600_000)).toBe('bad');
    expect(clock(180_000)).toBe('warn');
    expect(clock(1_000)).toBe('ok');
  });
  it('the overall level is the worst item', () => {
    expect(healthOf(base).level).toBe('ok');
    expect(healthOf({ ...base, keychain: false }).level).toBe('bad');
    expect(healthOf({ ...base, waiting: 2 }).level).toBe('warn');
  });
});
