import { useRef, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';
import { SETTINGS_SECTIONS, type SectionId } from './settings-sections';

/**
 * Configurações' sections as tabs (WAI-ARIA tabs pattern): one tab stop, ←/→ (and Home/End)
 * move between them and show the section at once.
 */
export function SectionTabs({
  current,
  onChoose,
}: {
  current: SectionId;
  onChoose(id: SectionId): void;
}) {
  const { t } = useTranslation();
  const list = useRef<HTMLDivElement>(null);
  const ids = SETTINGS_SECTIONS.map((x) => x.id);
  const move = (e: KeyboardEvent) => {
    const at = ids.indexOf(current);
    const to =
      e.key === 'ArrowRight'
        ? (at + 1) % ids.length
        : e.key === 'ArrowLeft'
          ? (at - 1 + ids.length) % ids.length
          : e.key === 'Home'
            ? 0
            : e.key === 'End'
              ? ids.length - 1
              : -1;
    if (to < 0) return;
    e.preventDefault();
    onChoose(ids[to]!);
    list.current?.querySelector<HTMLElement>(`#settings-tab-${ids[to]}`)?.focus();
  };
  return (
    <div
      ref={list}
      role="tablist"
      aria-label={t('sections.title')}
      className="settings-tabs"
      onKeyDown={move}
    >
      {SETTINGS_SECTIONS.map((x) => (
        <button
          key={x.id}
          id={`settings-tab-${x.id}`}
          type="button"
          role="tab"
          aria-selected={x.id === current}
          aria-controls={`settings-panel-${x.id}`}
          tabIndex={x.id === current ? 0 : -1}
          onClick={() => onChoose(x.id)}
        >
          {t(x.label)}
        </button>
      ))}
    </div>
  );
}
