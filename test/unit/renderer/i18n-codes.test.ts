import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  APP_NOTICE_CODES,
  CHARGE_NOTICE_CODES,
  CONNECTION_DETAIL_CODES,
  ERROR_CODES,
  WITHDRAWAL_NOTICE_CODES,
} from '../../../shared/codes';
import { en } from '../../../renderer/i18n/en';
import { ptBR } from '../../../renderer/i18n/pt-BR';
import { setLanguage } from '../../../renderer/i18n';
import { describeError, describeNotice } from '../../../renderer/bridge';

// Services send codes, never sentences (issue 10): every code must read well in both languages.
const dictionaries = { 'pt-BR': ptBR, en } as const;

describe('every code is worded in pt-BR and English', () => {
  it.each(Object.entries(dictionaries))('%s has every error code', (_lng, d) => {
    const errors = d.errors as Record<string, string>;
    expect(ERROR_CODES.filter((c) => !errors[c]?.trim())).toEqual([]);
  });

  it.each(Object.entries(dictionaries))('%s has every notice code', (_lng, d) => {
    const missing = (group: Record<string, string>, codes: readonly string[]) =>
      codes.filter((c) => !group[c]?.trim());
    expect(missing(d.notices, APP_NOTICE_CODES)).toEqual([]);
    expect(missing(d.notices, CONNECTION_DETAIL_CODES)).toEqual([]);
    expect(missing(d.chargeNotices, CHARGE_NOTICE_CODES)).toEqual([]);
    expect(missing(d.withdrawalNotices, WITHDRAWAL_NOTICE_CODES)).toEqual([]);
  });

  it('the two languages say different things (no code left untranslated)', () => {
    const same = ERROR_CODES.filter(
      (c) =>
        (ptBR.errors as Record<string, string>)[c] === (en.errors as Record<string, string>)[c],
    );
    expect(same).toEqual([]);
  });
});

describe('the renderer words a code in the chosen language', () => {
  it('an error: in English after switching, with its data, and <html lang> follows', async () => {
    await setLanguage('en');
    expect(document.documentElement.lang).toBe('en');
    expect(describeError({ code: 'PIN_WRONG' })).toBe('Wrong PIN.');
    expect(
      describeError({ code: 'PSP_REJECTED', params: { status: 422, pspMessage: 'bad cpf' } }),
    ).toBe('The PSP refused the data. (PSP: bad cpf)');
    await setLanguage('pt-BR');
    expect(document.documentElement.lang).toBe('pt-BR');
    expect(describeError({ code: 'PIN_WRONG' })).toBe('PIN incorreto.');
  });

  it('an app-wide notice, and a failure code shown as a notice', async () => {
    await setLanguage('en');
    expect(describeNotice({ code: 'LATE_PAYMENT' })).toMatch(/^Payment received/);
    expect(describeNotice({ code: 'PSP_UNREACHABLE' })).toMatch(/^No connection to the PSP/);
    await setLanguage('pt-BR');
  });

  it('why callbacks come from where they do: the relay gone silent, in English', async () => {
    await setLanguage('en');
    expect(describeNotice({ code: 'RELAY_SILENT' })).toBe(
      'The relay went silent: reconnecting (querying the PSP covers meanwhile).',
    );
    await setLanguage('pt-BR');
    expect(describeNotice({ code: 'RELAY_SILENT' })).toMatch(/^O relay ficou em silêncio/);
  });

  it('an unknown code still reads as a sentence naming the code', async () => {
    await setLanguage('en');
    expect(describeError({ code: 'SOMETHING_NEW' })).toBe('Something went wrong (SOMETHING_NEW).');
    await setLanguage('pt-BR');
  });
});

// Every literal code passed to err(…) in the code base is in the shared list, so the tests
// above cover it (electron/services/charges/ and callbacks/intake.ts included).
describe('every code returned in the code base is listed in shared/codes.ts', () => {
  const files = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const p = path.join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) ? [p] : [];
    });
  const sources = ['shared', 'electron', 'scripts/devhost', 'renderer'].flatMap(files);
  const listed = new Set<string>(ERROR_CODES);

  it('err(kind, CODE …)', () => {
    const unlisted = sources.flatMap((f) =>
      [...readFileSync(f, 'utf8').matchAll(/\berr\(\s*'[a-z_]+',\s*'([A-Z][A-Z0-9_]+)'/g)]
        .map((m) => m[1]!)
        .filter((c) => !listed.has(c))
        .map((c) => `${f}: ${c}`),
    );
    expect(unlisted).toEqual([]);
  });
});
