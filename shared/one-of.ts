/** The guard for a closed list of words: true when `v` is one of `values`, typed as such. */
export const oneOf =
  <T extends string>(values: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === 'string' && (values as readonly string[]).includes(v);
