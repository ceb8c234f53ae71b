// The Portuguese dictionary cut in two at build time (issue 35): renderer/i18n/pt-BR.ts keeps
// only the Caixa's words (FIRST_WORDS), renderer/i18n/pt-BR-rest.ts gets all the others, so the
// first chunk carries a third of the words while the source stays one file per language (one
// place to add a word; no merge conflicts between features adding words to their sections).
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const DICT = path.join(root, 'renderer/i18n/pt-BR.ts');
const REST = path.join(root, 'renderer/i18n/pt-BR-rest.ts');
const FIRST = path.join(root, 'renderer/i18n/first-words.ts');

/** Node strips the types of these two data modules itself; the mtime makes a rebuild re-read. */
const fresh = (file) => import(`${pathToFileURL(file).href}?v=${statSync(file).mtimeMs}`);

/** Moves `paths` (inside what `cut` put first) from `first` to `rest`. */
function postpone(first, rest, paths) {
  for (const p of paths) {
    const parts = p.split('.');
    const last = parts.pop();
    const from = parts.reduce((o, k) => o?.[k], first);
    if (!from || !(last in from)) throw new Error(`first-words.ts: ${p} is not in FIRST_WORDS`);
    const to = parts.reduce((o, k) => (o[k] ??= {}), rest);
    to[last] = from[last];
    delete from[last];
  }
}

function cut(dict, paths) {
  const first = {};
  const rest = structuredClone(dict);
  for (const p of paths) {
    const parts = p.split('.');
    let from = dict;
    let to = first;
    let left = rest;
    for (const [i, part] of parts.entries()) {
      if (!(part in from)) throw new Error(`first-words.ts names ${p}, which pt-BR.ts has not`);
      if (i === parts.length - 1) {
        to[part] = structuredClone(from[part]);
        delete left[part];
      } else {
        from = from[part];
        to = to[part] ??= {};
        left = left[part];
      }
    }
  }
  return { first, rest };
}

/** @returns {import('vite').Plugin} */
export function splitWords() {
  return {
    name: 'balcao-split-words',
    apply: 'build',
    async load(id) {
      const file = id.replace(/\?.*$/, '');
      if (file !== DICT && file !== REST) return null;
      this.addWatchFile(DICT);
      this.addWatchFile(FIRST);
      const [{ ptBR }, { FIRST_WORDS, LATER_WORDS }] = await Promise.all([
        fresh(DICT),
        fresh(FIRST),
      ]);
      const { first, rest } = cut(ptBR, FIRST_WORDS);
      postpone(first, rest, LATER_WORDS);
      return file === DICT
        ? `export const ptBR = ${JSON.stringify(first)};`
        : `export const rest = ${JSON.stringify(rest)};`;
    },
  };
}
