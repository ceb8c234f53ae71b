import { OPERATOR_ROLES } from '../../../shared/operators';

export interface OperatorDraft {
  name: string;
  pin: string;
  role: (typeof OPERATOR_ROLES)[number];
}

/**
 * The Operadores form as data: one row per field (DOM id, label key, draft key, kind, the check
 * that names a refusal by its error code). The service checks again (operator-service.ts).
 */
export const OPERATOR_FIELDS: ReadonlyArray<{
  id: string;
  label: string;
  key: keyof OperatorDraft;
  kind: 'text' | 'pin' | 'choice';
  maxLength?: number;
  options?: ReadonlyArray<readonly [string, string]>;
  check?: (v: string) => string | null;
}> = [
  {
    id: 'operator-name',
    label: 'operators.name',
    key: 'name',
    kind: 'text',
    maxLength: 60,
    check: (v) => (v.trim() ? null : 'OPERATOR_NAME_EMPTY'),
  },
  {
    id: 'operator-new-pin',
    label: 'operators.pin',
    key: 'pin',
    kind: 'pin',
    maxLength: 8,
    check: (v) => (/^\d{4,8}$/.test(v) ? null : 'PIN_FORMAT'),
  },
  {
    id: 'operator-role',
    label: 'operators.role',
    key: 'role',
    kind: 'choice',
    options: OPERATOR_ROLES.map((r) => [r, `operators.role_${r}`] as const),
  },
];

export const emptyDraft = (): OperatorDraft => ({ name: '', pin: '', role: 'cashier' });
