import type { HealthItem } from '../../../shared/domain/health';
import { i18next } from '../../i18n';

export const HEALTH_MARK = { ok: '✓', warn: '!', bad: '✗', off: '–' } as const;

/** One item as the owner reads it: its name, and what is wrong and what to do. */
export function describeHealthItem(i: HealthItem): { name: string; state: string; text: string } {
  const t = i18next.t.bind(i18next);
  return {
    name: t(`health.item.${i.id}`),
    state: t(`health.level.${i.level}`),
    text: t(`health.${i.id}.${i.code}`, { ...i.params }),
  };
}
