import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { cp860Printer } from '../../../../../electron/services/printing/cp860-printer';
import { cp860Text, inCp860 } from '../../../../../electron/services/printing/cp860-text';
import { itMaps } from '../../../rule-table';

/** Every character of the BMP but the surrogates, one string per character. */
const bmp = Array.from({ length: 0x10000 }, (_, i) => String.fromCharCode(i)).filter(
  (c) => !/[\ud800-\udfff]/.test(c),
);

describe('cp860Text: what the thermal printer receives', () => {
  it('keeps Portuguese as it is: accents, ç, º, ª, °, R$', () => {
    const pt = 'Ação à vista: pão, café, avô, órfão, Ü, nº 1, 1ª via, 30 °C, R$ 1.234,56 «ok»';
    expect(cp860Text(pt)).toBe(pt);
  });

  itMaps('gives dashes, curly quotes, ellipsis and odd spaces their plain form', cp860Text, [
    ['a‐b‑c‒d–e—f―g−h', 'a-b-c-d-e-f-g-h'],
    ['“x” ‘y’ „z‟ it’s', '"x" \'y\' "z" it\'s'],
    ['espere…', 'espere...'],
    ['R$\u00a010\u2009kg\u202fx\u3000y\tz\r\nw', 'R$ 10 kg x y z w'],
    ['de\u00adli\u200bca\u2060do\ufeff', 'delicado'],
  ]);

  itMaps('decomposes letters CP860 lacks to their base letter; composes those it has', cp860Text, [
    ['ẽ ő Ÿ ā Ş', 'e o Y a S'],
    ['cafe\u0301 pa\u0303o', 'café pão'],
    ['ﬁm ™ Ａ', 'fim TM A'],
  ]);

  itMaps(
    'prints `?` for anything else: emoji (once each), CJK, letters without a base, controls',
    cp860Text,
    [
      ['🧀 👨‍👩‍👧 🇧🇷 ❤️', '? ? ? ?'],
      ['中文 Ærø', '?? ?r?'],
      // ESC t 16 in a description must not reach the printer as a command.
      ['a\u001bt\u0010b\u007f\u0085', 'a?t?b??'],
    ],
  );

  it('answers, for every character, only characters CP860 encodes, and is stable', () => {
    const wrong = bmp.filter((c) => {
      const out = cp860Text(c);
      return ![...out].every((o) => o === ' ' || inCp860(o)) || cp860Text(out) !== out;
    });
    expect(wrong).toEqual([]);
  });
});

describe('cp860Printer: node-thermal-printer kept in code page CP860', () => {
  it('selects CP860 (ESC t 3) once and never another code page, whatever the text', () => {
    const p = cp860Printer(48);
    p.println('Pão de queijo — “promoção” … 🧀 Ærø €5');
    for (let i = 0; i < bmp.length; i += 256) p.println(bmp.slice(i, i + 256).join(''));
    const job = p.getBuffer();
    const selections = [];
    for (let i = job.indexOf('\x1bt'); i >= 0; i = job.indexOf('\x1bt', i + 1))
      selections.push(job[i + 2]);
    expect(selections).toEqual([3]);
    expect(iconv.decode(job, 'cp860')).toContain('Pão de queijo - "promoção" ... ? ?r? EUR5\n');
  });

  it('leaves the QR data (GS ( k) byte-exact', () => {
    const p = cp860Printer(48);
    const data = '00020126…São Paulo—6304ABCD';
    p.printQR(data, { model: 2, correction: 'M', cellSize: 6 });
    expect(p.getBuffer().includes(Buffer.from(data))).toBe(true);
  });
});
