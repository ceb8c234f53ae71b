import { describe, expect, it } from 'vitest';
import {
  ALL_ROWS,
  COMPAT_ROWS,
  getPath,
  labelOfPath,
  parseRow,
  QUERY_ROWS,
  setPath,
  UNIT_ROWS,
} from '../../../renderer/features/settings/field-table';
import { en } from '../../../renderer/i18n/en';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { UNIT_PATHS } from '../../../shared/psp-units';
import { appSettingsSchema, defaultSettings } from '../../../shared/settings';

// The settings screens are the field table: a row pointing at no setting, or whose label or
// option has no words in a language, would be a field the owner cannot use.
const ROWS = ALL_ROWS;
const word = (d: unknown, key: string) => getPath(d, key);

describe('the settings field table', () => {
  it('every row points at a setting, ids are unique, labels and options are worded in both languages', () => {
    const s = defaultSettings();
    expect(ROWS.filter((r) => getPath(s, r.path) === undefined).map((r) => r.path)).toEqual([]);
    expect(new Set(ROWS.map((r) => r.id)).size).toBe(ROWS.length);
    for (const d of [ptBR, en]) {
      expect(ROWS.filter((r) => typeof word(d, r.label) !== 'string').map((r) => r.label)).toEqual(
        [],
      );
      // A row's line of help, when it has one, is worded too.
      expect(
        ROWS.filter((r) => r.help && typeof word(d, r.help) !== 'string').map((r) => r.help),
      ).toEqual([]);
      const options = ROWS.filter((r) => r.options && !r.literalOptions).flatMap((r) =>
        r.options!.map(([, k]) => k),
      );
      expect(options.filter((k) => typeof word(d, k) !== 'string')).toEqual([]);
    }
  });

  it('every PSP-compatibility field under Avançado has its own line of help, worded in both languages', () => {
    const advanced = [...COMPAT_ROWS, ...QUERY_ROWS];
    expect(advanced.filter((r) => !r.help).map((r) => r.id)).toEqual([]);
    // Its own: no two fields share a line.
    expect(new Set(advanced.map((r) => r.help)).size).toBe(advanced.length);
    for (const d of [ptBR, en]) {
      const text = (k: string) => word(d, k);
      expect(advanced.filter((r) => typeof text(r.help!) !== 'string').map((r) => r.help)).toEqual(
        [],
      );
      // A sentence that says more than the label does.
      expect(
        advanced
          .filter((r) => (text(r.help!) as string).length <= (text(r.label) as string).length / 2)
          .map((r) => r.help),
      ).toEqual([]);
    }
    // English words in English, not the Portuguese copied.
    expect(advanced.filter((r) => word(en, r.help!) === word(ptBR, r.help!))).toEqual([]);
  });

  it('every amount unit has a row, and the unit-mismatch message names the creation reply’s label', () => {
    expect(UNIT_ROWS.map((r) => r.path)).toEqual(UNIT_PATHS.map((p) => `psp.${p}`));
    const label = word(ptBR, labelOfPath('psp.createReply.amountUnit')!) as string;
    expect(ptBR.chargeNotices.AMOUNT_UNIT_MISMATCH).toContain(label);
  });

  it('a value set through a row is a valid setting; a refused one names its label', () => {
    const s = defaultSettings();
    const unit = UNIT_ROWS.find((r) => r.path === 'psp.createReply.amountUnit')!;
    const next = setPath(s, unit.path, 'cents');
    expect(appSettingsSchema.parse(next).psp.createReply.amountUnit).toBe('cents');
    expect(s.psp.createReply.amountUnit).toBe('reais'); // a copy, not a change in place
    const maxRow = COMPAT_ROWS.find((r) => r.id === 'compat-max')!;
    expect(parseRow(maxRow, '1.500,00')).toEqual({ ok: true, value: 150_000 });
    expect(parseRow(maxRow, 'abc').ok).toBe(false);
    const timeout = COMPAT_ROWS.find((r) => r.id === 'compat-timeout')!;
    expect(parseRow(timeout, '15 s').ok).toBe(false);
    expect(labelOfPath('psp.idFields.2')).toBe('compat.idFields');
    expect(labelOfPath('psp.statusQuery.reply.notFound.0')).toBe('pspProfile.queryReplyNotFound');
  });
});
