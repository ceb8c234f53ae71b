import { useTranslation } from '../../i18n';
import { useCountdown } from './countdown';
import { QrCode } from './QrCode';

/** The PIX to pay: the QR, the copy-and-paste code as text, and the time left. */
export function PixCode({ brcode, expiresAt }: { brcode: string; expiresAt: number }) {
  const { t } = useTranslation();
  const countdown = useCountdown(expiresAt);
  return (
    <>
      <QrCode payload={brcode} label={t('cashier.qr')} />
      <p className="copy-label">{t('cashier.copyPaste')}</p>
      {/* Cut to two lines on screen: the whole code on focus, in the title, and by Copiar código. */}
      <p className="copia-e-cola" data-testid="pix-copia-e-cola" title={brcode} tabIndex={0}>
        {brcode}
      </p>
      {countdown && <p className="countdown">{t('cashier.expiresIn', { time: countdown })}</p>}
    </>
  );
}
