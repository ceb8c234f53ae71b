import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';

/**
 * What takes the Caixa's place on an owner-only PC (`Este computador: Só proprietário`): the app
 * opens on Loja behind the owner PIN, and this is under the dialog, and after `Bloquear`. A chunk
 * of its own (renderer/screens.tsx): a counter's first load, the one that counts, never needs it.
 */
export function OwnerOnlyHome() {
  const { t } = useTranslation();
  const go = useApp((a) => a.go);
  return (
    <div className="owner-only">
      <h1>{t('ownerOnly.title')}</h1>
      <p>{t('ownerOnly.intro')}</p>
      <button type="button" className="btn btn-primary" onClick={() => void go('shop')}>
        {t('ownerOnly.open')}
      </button>
      <p className="muted">{t('ownerOnly.toCounter')}</p>
    </div>
  );
}
