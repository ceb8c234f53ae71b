/**
 * A draft's fields for its controls: `{...field('amount')}` is the value of that key and the
 * edit that sets it, so a control does not name its key three times.
 */
export function bindFields<D>(draft: D, edit: (patch: Partial<D>) => void) {
  return <K extends keyof D>(key: K) => ({
    value: draft[key],
    onChange: (v: D[K]) => edit({ [key]: v } as unknown as Partial<D>),
  });
}
