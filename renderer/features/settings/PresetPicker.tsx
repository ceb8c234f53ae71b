import { useState } from 'react';
import { PSP_PRESET_IDS, type PspPresetId } from '../../../shared/psp-presets';
import { useTranslation } from '../../i18n';

/**
 * The PSP's profile, chosen from a searchable list: typing part of the PSP's name ("veo",
 * "ci/cs") narrows the list below it; the chosen one always stays in it. Choosing stays explicit:
 * a preset rewrites many settings.
 */
export function PresetPicker({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: PspPresetId | 'custom';
  onChange(id: PspPresetId): void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const q = query.trim().toLowerCase();
  const all: Array<PspPresetId | 'custom'> = [...PSP_PRESET_IDS];
  if (value === 'custom') all.push('custom');
  const shown = all.filter(
    (p) =>
      p === value ||
      !q ||
      t(`presets.${p}`).toLowerCase().includes(q) ||
      p.toLowerCase().includes(q),
  );
  const matches = shown.filter((p) => p !== value && p !== 'custom');
  return (
    <div className="field preset-picker">
      <label htmlFor={`${id}-search`}>{t('presets.search')}</label>
      <input
        id={`${id}-search`}
        type="search"
        value={query}
        autoComplete="off"
        onChange={(e) => setQuery(e.target.value)}
      />
      {q && matches.length === 0 && <p className="muted">{t('presets.noMatch')}</p>}
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        value={value}
        onChange={(e) => e.target.value !== 'custom' && onChange(e.target.value as PspPresetId)}
      >
        {shown.map((p) => (
          <option key={p} value={p}>
            {t(`presets.${p}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
