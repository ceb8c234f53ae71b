import { lazy, type ComponentType } from 'react';
import { loadScreenWords } from './i18n';

/** A screen loaded on demand, with `preload` to fetch it before it is asked for. */
export type LazyScreen<P extends object> = ((props: P) => React.JSX.Element) & {
  preload: () => Promise<unknown>;
};

/**
 * A screen in a chunk of its own (Vite splits at the dynamic import), with its words. Cold, it suspends like
 * React.lazy; once preloaded (on idle, or when the PIN dialog opens) it renders directly, so a
 * warmed screen never shows the Suspense fallback, not even for a frame.
 */
export function lazyScreen<P extends object>(load: () => Promise<ComponentType<P>>): LazyScreen<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = () =>
    (loading ??= Promise.all([load(), loadScreenWords()]).then(
      ([c]) => {
        loaded = c;
        return { default: c };
      },
      (e: unknown) => {
        loading = undefined; // a chunk that failed to come is asked again next time
        throw e;
      },
    ));
  const Cold = lazy(preload);
  function Screen(props: P) {
    const Warm = loaded;
    return Warm ? <Warm {...props} /> : <Cold {...props} />;
  }
  return Object.assign(Screen, { preload });
}
