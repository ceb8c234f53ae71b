import type { ScreenCapability } from '../../shared/psp-capabilities';
import { useTranslation } from '../i18n';
import { useApp } from '../stores/app-store';

const TITLES: Record<ScreenCapability, string> = {
  balance: 'account.balance',
  cryptoFees: 'nav.fees',
  withdrawals: 'nav.withdraw',
  infractions: 'nav.infractions',
};

/**
 * A screen for an operation the PSP in use does not offer (shared/psp-capabilities.ts): it says
 * so, instead of calling a route that does not exist and showing a failure.
 */
export function offeredOr(
  what: ScreenCapability,
  Screen: React.ComponentType,
): () => React.JSX.Element | null {
  return function Offered() {
    const { t } = useTranslation();
    const offers = useApp((a) => a.info?.pspOffers);
    if (!offers || offers[what]) return <Screen />;
    return (
      <div className="account">
        <h1>{t(TITLES[what])}</h1>
        <p role="status">{t('apiPix.notOffered', { what: t(`apiPix.what.${what}`) })}</p>
      </div>
    );
  };
}
