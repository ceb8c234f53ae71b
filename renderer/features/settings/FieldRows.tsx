import { useState } from 'react';
import type { AppSettings } from '../../../shared/settings';
import { describeError } from '../../bridge';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { formatRow, getPath, parseRow, setPath, type FieldRow } from './field-table';

/**
 * Renders rows of the field table against settings `s`. A typed text that does not parse stays
 * on screen with the reason under it (the stored value is left as it was); the parent remounts
 * it (a `key`) when the values change from elsewhere, e.g. a preset.
 */
export function FieldRows({
  rows,
  s,
  edit,
}: {
  rows: readonly FieldRow[];
  s: AppSettings;
  edit(next: AppSettings): void;
}) {
  const { t } = useTranslation();
  // What was typed, and the value the setting had once it was typed: a value changed from
  // elsewhere since (a folder picked in a dialog) shows instead of the old text.
  const [texts, setTexts] = useState<Record<string, { text: string; at: unknown }>>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const put = (row: FieldRow, value: unknown) => {
    let next = setPath(s, row.path, value);
    if (row.leavesPreset) next = setPath(next, 'psp.preset', 'custom');
    edit(next);
  };
  const typed = (row: FieldRow, text: string) => {
    const r = parseRow(row, text);
    setTexts((m) => ({ ...m, [row.id]: { text, at: r.ok ? r.value : getPath(s, row.path) } }));
    setErrors(({ [row.id]: _, ...rest }) =>
      r.ok ? rest : { ...rest, [row.id]: describeError(r, { field: t(row.label) }) },
    );
    if (r.ok) put(row, r.value);
  };
  return (
    <>
      {rows
        .filter((row) => !row.show || row.show(s))
        .map((row) => {
          const value = getPath(s, row.path);
          const label = t(row.label);
          // The row's line of help, under a field that has no place for it of its own.
          const help = row.help && <p className="hint field-help">{t(row.help)}</p>;
          if (row.kind === 'choice')
            return (
              <div key={row.id} className="field-row">
                <Choice
                  id={row.id}
                  label={label}
                  value={String(value)}
                  options={row.options!.map(([v, text]) => [
                    v,
                    row.literalOptions ? text : t(text),
                  ])}
                  onChange={(v) => put(row, v)}
                />
                {help}
              </div>
            );
          if (row.kind === 'check')
            return (
              <div key={row.id} className="field-row">
                <label className="check">
                  <input
                    id={row.id}
                    type="checkbox"
                    checked={value === true}
                    onChange={(e) => put(row, e.target.checked)}
                  />{' '}
                  {label}
                </label>
                {help}
              </div>
            );
          const typedText = texts[row.id];
          const text =
            typedText && Object.is(typedText.at, value) ? typedText.text : formatRow(row, value);
          if (row.kind === 'lines')
            return (
              <div className="field" key={row.id}>
                <label htmlFor={row.id}>{label}</label>
                <textarea
                  id={row.id}
                  rows={6}
                  value={text}
                  onChange={(e) => typed(row, e.target.value)}
                />
                {help}
              </div>
            );
          return (
            <TextField
              key={row.id}
              id={row.id}
              label={label}
              value={text}
              {...(row.kind === 'number' && { type: 'number' as const })}
              {...(row.kind === 'money' && { inputMode: 'decimal' as const })}
              {...(errors[row.id] && { error: errors[row.id] })}
              {...(row.help && { help: t(row.help) })}
              onChange={(v) => typed(row, v)}
            />
          );
        })}
    </>
  );
}
