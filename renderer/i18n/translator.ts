/**
 * The interface's words: a small translator in place of i18next + react-i18next, which were
 * 14 KB gzip of the Caixa's first screen (issue 35: < 100 KB). It keeps the i18next behaviour
 * the app and its dictionaries rely on — dotted keys, `{{name}}` interpolation, plurals by
 * `count` with `_one`/`_other` (Intl.PluralRules, as i18next v21+), `$t(key)` nesting after
 * interpolation, pt-BR as the fallback, the key itself when nothing matches — and no more.
 */
export type Lang = 'pt-BR' | 'en';
export type Params = Record<string, unknown>;
export type TFunction = (key: string, params?: Params) => string;
interface Dict {
  [key: string]: string | Dict;
}

const FALLBACK: Lang = 'pt-BR';
const INTERPOLATION = /\{\{\s*([^{}]+?)\s*\}\}/g;
const NESTING = /\$t\(([^()]+)\)/g;

function lookup(dict: Dict | undefined, key: string): string | undefined {
  let node: string | Dict | undefined = dict;
  for (const part of key.split('.')) {
    if (node === undefined || typeof node === 'string') return undefined;
    node = node[part];
  }
  return typeof node === 'string' ? node : undefined;
}

/** `into` with `from`'s words added, deep (a section may arrive in parts). */
function merge(into: Dict, from: Dict): Dict {
  const out: Dict = { ...into };
  for (const [k, v] of Object.entries(from)) {
    const have = out[k];
    out[k] = typeof v === 'object' && typeof have === 'object' ? merge(have, v) : v;
  }
  return out;
}

export class Translator {
  private readonly words = new Map<Lang, Dict>();
  private readonly listeners = new Set<() => void>();
  private lang: Lang = FALLBACK;
  private asked: Lang = FALLBACK;
  /** Bumped on every change of language or words: what a React hook subscribes to. */
  version = 0;

  /** `load` fetches a language's words the first time it is chosen (English: its own chunk). */
  constructor(private readonly load: (lng: Lang) => Promise<Dict>) {}

  get language(): Lang {
    return this.lang;
  }

  addWords(lng: Lang, dict: Dict): void {
    this.words.set(lng, merge(this.words.get(lng) ?? {}, dict));
    this.changed();
  }

  hasLanguage(lng: Lang): boolean {
    return this.words.has(lng);
  }

  /** Fetches a language's words without switching to it (a preview, a prefetch). */
  async loadLanguages(lng: Lang): Promise<void> {
    if (!this.words.has(lng)) this.addWords(lng, await this.load(lng));
  }

  /**
   * Switches once the language's words are here, so no frame shows the old words half-replaced.
   * No language (an older host's info has none) or an unknown one keeps the current, as i18next;
   * of two switches at once the last asked wins.
   */
  async changeLanguage(lng: Lang | undefined): Promise<void> {
    if (lng !== 'pt-BR' && lng !== 'en') return;
    this.asked = lng;
    await this.loadLanguages(lng);
    if (this.asked !== lng) return;
    this.lang = lng;
    this.changed();
  }

  exists = (key: string): boolean => this.resolve(this.lang, key, undefined) !== undefined;

  /** Unbound-safe, as i18next's (callers pass `i18next.t` around). */
  t: TFunction = (key, params) => this.translate(this.lang, key, params);

  /** A `t` in one language whatever the interface's is (previews, tests). */
  getFixedT(lng: Lang): TFunction {
    return (key, params) => this.translate(lng, key, params);
  }

  subscribe = (fn: () => void): (() => void) => {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  };

  private changed(): void {
    this.version++;
    for (const fn of this.listeners) fn();
  }

  private translate(lng: Lang, key: string, params: Params | undefined): string {
    const raw = this.resolve(lng, key, params);
    if (raw === undefined) return key;
    const text = params
      ? raw.replace(INTERPOLATION, (m, name: string) =>
          params[name] === undefined ? m : String(params[name]),
        )
      : raw;
    return text.includes('$t(')
      ? text.replace(NESTING, (_, inner: string) => this.translate(lng, inner.trim(), params))
      : text;
  }

  private resolve(lng: Lang, key: string, params: Params | undefined): string | undefined {
    const count = params?.count;
    for (const code of lng === FALLBACK ? [lng] : [lng, FALLBACK]) {
      const dict = this.words.get(code);
      if (typeof count === 'number') {
        const plural = lookup(dict, `${key}_${new Intl.PluralRules(code).select(count)}`);
        if (plural !== undefined) return plural;
      }
      const found = lookup(dict, key);
      if (found !== undefined) return found;
    }
    return undefined;
  }
}
