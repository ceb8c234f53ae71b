/**
 * The fields of `o` among `keys` that hold a value: what a view copies of a record's optional
 * fields, so that an absent one stays absent (no `key: undefined` crosses to the screens).
 */
export function definedFields<T, K extends keyof T>(
  o: T,
  keys: readonly K[],
): { [P in K]?: Exclude<T[P], undefined> } {
  const out: { [P in K]?: Exclude<T[P], undefined> } = {};
  for (const k of keys) if (o[k] !== undefined) out[k] = o[k] as Exclude<T[K], undefined>;
  return out;
}
