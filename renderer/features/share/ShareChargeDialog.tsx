import { useEffect, useRef, useState } from 'react';
import type { SendVia } from '../../../shared/domain/send-charge';
import type { ChargeView } from '../../../shared/views';
import { bridge, describeError } from '../../bridge';
import { AlertNotice } from '../../components/AlertNotice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { formatMoney } from '../../i18n/money';
import { useApp } from '../../stores/app-store';
import { ChargeSheet } from './ChargeSheet';
import { copyQrImage } from './qr-png';
import './share.css';

interface Sent {
  via: SendVia;
  url: string;
  opened: boolean;
  qr: boolean;
}

/**
 * Enviar cobrança: to a payer who is not at the counter, by WhatsApp or e-mail (the message and
 * link come from the services, built from the verified code only), with the QR image on the
 * clipboard to paste into the chat or the e-mail.
 */
export function ShareChargeDialog({ charge, onClose }: { charge: ChargeView; onClose(): void }) {
  const { t } = useTranslation();
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<Partial<Record<SendVia, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<Sent | null>(null);
  const [qr, setQr] = useState<'idle' | 'copied' | 'failed'>('idle');
  const [sheet, setSheet] = useState<{ paper: 'A4' | 'A5'; n: number } | null>(null);
  const shopName = useApp((s) => s.info?.shopName ?? '');
  const first = useRef<HTMLDivElement>(null);
  // The sheet is drawn (its QR too) before the print dialog opens; the browser's own print,
  // where the cashier picks the office printer or "Save as PDF" (not the counter's roll).
  useEffect(() => {
    if (!sheet) return;
    const timer = setTimeout(() => window.print(), 300);
    return () => clearTimeout(timer);
  }, [sheet]);
  useEffect(() => first.current?.querySelector('input')?.focus(), []);

  const copyQr = async () => {
    const done = charge.brcode ? await copyQrImage(charge.brcode) : false;
    setQr(done ? 'copied' : 'failed');
    return done;
  };
  const send = async (via: SendVia) => {
    setErrors({});
    setFailure(null);
    setSent(null);
    // The QR goes on the clipboard first, while the click still counts as the cashier's gesture.
    const copied = await copyQr();
    const to = (via === 'whatsapp' ? phone : email).trim();
    const r = await bridge().charges.share({ id: charge.id, via, ...(to && { to }) });
    if (!r.ok) {
      if (r.field === 'to') setErrors({ [via]: describeError(r) });
      else setFailure(describeError(r));
      return;
    }
    setSent({ via, url: r.value.url, opened: r.value.opened, qr: copied });
  };

  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="share-title"
        className="modal share-dialog"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          e.stopPropagation();
          onClose();
        }}
      >
        <h2 id="share-title">{t('share.title', { amount: formatMoney(charge.amountCents) })}</h2>
        {!charge.brcode ? (
          <AlertNotice>{describeError({ code: 'SEND_NOT_VERIFIED' })}</AlertNotice>
        ) : (
          <>
            <div className="share-row" ref={first}>
              <TextField
                id="share-phone"
                label={t('share.phone')}
                help={t('share.phoneHelp')}
                type="tel"
                inputMode="tel"
                maxLength={32}
                value={phone}
                error={errors.whatsapp}
                onChange={setPhone}
              />
              <button type="button" className="btn" onClick={() => void send('whatsapp')}>
                {t('share.whatsapp')}
              </button>
            </div>
            <div className="share-row">
              <TextField
                id="share-email"
                label={t('share.email')}
                help={t('share.emailHelp')}
                type="email"
                inputMode="email"
                maxLength={254}
                value={email}
                error={errors.email}
                onChange={setEmail}
              />
              <button type="button" className="btn" onClick={() => void send('email')}>
                {t('share.mail')}
              </button>
            </div>
          </>
        )}
        {failure && <AlertNotice>{failure}</AlertNotice>}
        <p role="status" className="share-status">
          {sent && (
            <>
              {t(sent.opened ? `share.opened.${sent.via}` : 'share.notOpened')}{' '}
              {sent.qr ? t('share.pasteQr') : qr === 'failed' ? t('share.qrCopyFailed') : ''}
            </>
          )}
          {!sent && qr === 'copied' && t('share.qrCopied')}
          {!sent && qr === 'failed' && t('share.qrCopyFailed')}
        </p>
        {sent && !sent.opened && (
          <a href={sent.url} target="_blank" rel="noreferrer noopener" className="share-link">
            {t(`share.openLink.${sent.via}`)}
          </a>
        )}
        <div className="modal-actions">
          {charge.brcode && (
            <>
              <button type="button" className="btn" onClick={() => void copyQr()}>
                {t('share.copyQr')}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => setSheet({ paper: 'A4', n: (sheet?.n ?? 0) + 1 })}
              >
                {t('share.sheet')}
              </button>
              <button
                type="button"
                className="btn"
                onClick={() => setSheet({ paper: 'A5', n: (sheet?.n ?? 0) + 1 })}
              >
                {t('share.sheetA5')}
              </button>
            </>
          )}
          <button type="button" className="btn" onClick={onClose}>
            {t('share.close')}
          </button>
        </div>
      </div>
      {sheet && charge.brcode && (
        <ChargeSheet
          key={sheet.paper}
          charge={{ ...charge, brcode: charge.brcode }}
          shopName={shopName}
          paper={sheet.paper}
        />
      )}
    </div>
  );
}
