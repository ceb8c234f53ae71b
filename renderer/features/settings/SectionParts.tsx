import type { ComponentType } from 'react';
import { Form } from '../../components/Form';
import type { AppSettings } from '../../../shared/settings';
import { useTranslation } from '../../i18n';
import { FieldRows } from './FieldRows';
import type { SectionPart } from './settings-sections';

/**
 * A section's parts in order: those that edit the draft inside one form saved by `Salvar
 * configurações` (the whole draft, edits made in other sections included), those with their own
 * buttons after it.
 */
export function SectionParts({
  parts,
  s,
  edit,
  save,
}: {
  parts: readonly SectionPart[];
  s: AppSettings;
  edit(next: AppSettings): void;
  save(): void;
}) {
  const { t } = useTranslation();
  const inForm = parts.filter((p) => !('own' in p));
  const own = (place: 'before' | 'after') => {
    const first = parts.findIndex((p) => !('own' in p));
    return parts
      .map((p, i) => ({ p, i }))
      .filter(({ p, i }) => 'own' in p && (place === 'before') === (first === -1 || i < first))
      .map(({ p, i }) => {
        const Own = (p as { own: ComponentType<{ s: AppSettings }> }).own;
        return <Own key={i} s={s} />;
      });
  };
  return (
    <>
      {own('before')}
      {inForm.length > 0 && (
        <Form onSubmit={save} className="stack">
          {inForm.map((p, i) => {
            if ('rows' in p)
              return (
                <FieldRows
                  key={p.remountOn ? `${i}-${p.remountOn(s)}` : i}
                  rows={p.rows}
                  s={s}
                  edit={edit}
                />
              );
            const Draft = (
              p as { draft: React.ComponentType<{ s: AppSettings; edit: typeof edit }> }
            ).draft;
            return <Draft key={i} s={s} edit={edit} />;
          })}
          <button type="submit" className="btn btn-primary">
            {t('settings.save')}
          </button>
        </Form>
      )}
      {own('after')}
    </>
  );
}
