import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';

/**
 * What takes the Caixa's place on an owner-only PC (`Este computador: Só proprietário`): the app
 * opens on Loja behind the owner PIN, and this is under the dialog, and after `Bloquear`. Small
 * and in the first chunk: it replaces the Caixa, it must not wait for a download.
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
