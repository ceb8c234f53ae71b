/**
 * What a domain parser answers for a fixable input mistake: a validation error on the field
 * the form shows it next to (with the params its message names, where it has any).
 */
export const refused = (code: string, field: string, params?: Record<string, unknown>) => ({
  ok: false,
  kind: 'validation',
  code,
  field,
  ...(params && { params }),
});
