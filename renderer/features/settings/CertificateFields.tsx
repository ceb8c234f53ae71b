import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

export interface CertificateText {
  certPem: string;
  keyPem: string;
  passphrase: string;
}

/**
 * The API Pix client certificate, typed or loaded from its file: the certificate (PEM), its
 * private key (PEM; empty when the certificate text holds it) and the key's password. Write-only:
 * these fields start empty and the app only says whether one is stored.
 */
export function CertificateFields({
  idPrefix,
  value,
  stored,
  error,
  onChange,
  saysStored = true,
}: {
  idPrefix: string;
  value: CertificateText;
  stored: boolean;
  /** Whether the fieldset says if one is stored (Configurações says it in its own line). */
  saysStored?: boolean;
  error?: string | undefined;
  onChange(next: CertificateText): void;
}) {
  const { t } = useTranslation();
  const area = (k: 'certPem' | 'keyPem', label: string, err?: string) => (
    <div className="field">
      <label htmlFor={`${idPrefix}-${k}`}>{label}</label>
      <textarea
        id={`${idPrefix}-${k}`}
        rows={4}
        spellCheck={false}
        autoComplete="off"
        value={value[k]}
        placeholder="-----BEGIN …-----"
        aria-invalid={err ? true : undefined}
        aria-describedby={err ? `${idPrefix}-${k}-error` : undefined}
        onChange={(e) => onChange({ ...value, [k]: e.target.value })}
      />
      <input
        type="file"
        accept=".pem,.crt,.cer,.key"
        aria-label={t('apiPix.loadFile', { field: label })}
        onChange={(e) => {
          const f = e.target.files?.[0];
          // A PEM file is text; a .p12 is not (the README says how to convert it).
          if (f) void f.text().then((text) => onChange({ ...value, [k]: text }));
        }}
      />
      {err && (
        <p id={`${idPrefix}-${k}-error`} className="field-error" role="alert">
          {err}
        </p>
      )}
    </div>
  );
  return (
    <fieldset className="stack">
      <legend>{t('apiPix.certificateTitle')}</legend>
      {saysStored && (
        <p className="muted">
          {stored ? t('apiPix.certificateStored') : t('apiPix.certificateNone')}
        </p>
      )}
      <p className="muted">{t('apiPix.certificateHelp')}</p>
      {area('certPem', t('apiPix.certPem'), error)}
      {area('keyPem', t('apiPix.keyPem'))}
      <TextField
        id={`${idPrefix}-passphrase`}
        label={t('apiPix.passphrase')}
        type="password"
        value={value.passphrase}
        onChange={(passphrase) => onChange({ ...value, passphrase })}
      />
    </fieldset>
  );
}
