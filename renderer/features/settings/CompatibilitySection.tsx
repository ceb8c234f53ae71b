import { useState } from 'react';
import { formatBRL, parseMoney } from '../../../shared/domain/money';
import type { CallbackSettings } from '../../../shared/psp-settings';
import type { AppSettings } from '../../../shared/settings';
import { describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';

const splitList = (v: string) =>
  v
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);

/** One `NAME=OUTCOME` per line (e.g. `COMPLETO=PAID`); the settings validate each. */
const statusMapToText = (m: Record<string, string>) =>
  Object.entries(m)
    .map(([k, v]) => `${k}=${v}`)
    .join('\n');
const parseStatusMap = (text: string) =>
  Object.fromEntries(
    text
      .split('\n')
      .map((l) => l.split('=').map((x) => x.trim()))
      .filter(([k, v]) => k && v)
      .map(([k, v]) => [k!.toUpperCase(), v!.toUpperCase()]),
  ) as AppSettings['psp']['statusMap'];

/**
 * The PSP compatibility settings (docs/psp-compatibility.md): what the seed leaves open, so a shop whose PSP
 * differs changes a setting, not code. Collapsed: the defaults fit the documented PSP.
 */
export function CompatibilitySection({
  s,
  edit,
}: {
  s: AppSettings;
  edit(next: AppSettings): void;
}) {
  const { t } = useTranslation();
  const [maxText, setMaxText] = useState(formatBRL(s.psp.maxAmountCents));
  const [statusMapText, setStatusMapText] = useState(statusMapToText(s.psp.statusMap));
  const max = parseMoney(maxText, { positive: true });
  const psp = (patch: Partial<AppSettings['psp']>) => edit({ ...s, psp: { ...s.psp, ...patch } });
  const cb = (patch: Partial<CallbackSettings>) =>
    psp({ callback: { ...s.psp.callback, ...patch } });
  return (
    <details className="compat">
      <summary>{t('compat.title')}</summary>
      <p className="muted">{t('compat.note')}</p>
      <TextField
        id="compat-login-id"
        label={t('compat.loginIdField')}
        value={s.psp.loginClientIdField}
        onChange={(v) => psp({ loginClientIdField: v })}
      />
      <TextField
        id="compat-login-secret"
        label={t('compat.loginSecretField')}
        value={s.psp.loginClientSecretField}
        onChange={(v) => psp({ loginClientSecretField: v })}
      />
      <Choice
        id="compat-withdraw-auth"
        label={t('compat.withdrawAuth')}
        value={s.psp.withdrawAuth}
        options={[
          ['bearer', 'Bearer (/auth/login)'],
          ['cics', 'ci / cs'],
        ]}
        onChange={(v) => psp({ withdrawAuth: v })}
      />
      <TextField
        id="compat-timeout"
        type="number"
        label={t('compat.timeout')}
        value={s.psp.requestTimeoutMs}
        onChange={(v) => psp({ requestTimeoutMs: Number(v) })}
      />
      <TextField
        id="compat-max-reply"
        type="number"
        label={t('compat.maxReplyKiB')}
        value={Math.round(s.psp.maxReplyBytes / 1024)}
        onChange={(v) => psp({ maxReplyBytes: Number(v) * 1024 })}
      />
      <TextField
        id="compat-max"
        label={t('compat.maxAmount')}
        inputMode="decimal"
        value={maxText}
        {...(!max.ok && { error: describeError(max) })}
        onChange={(v) => {
          setMaxText(v);
          const r = parseMoney(v, { positive: true });
          if (r.ok) psp({ maxAmountCents: r.value });
        }}
      />
      <TextField
        id="compat-sig-header"
        label={t('compat.signatureHeader')}
        value={s.psp.callback.signatureHeader}
        onChange={(v) => cb({ signatureHeader: v })}
      />
      <TextField
        id="compat-ts-header"
        label={t('compat.timestampHeader')}
        value={s.psp.callback.timestampHeader}
        onChange={(v) => cb({ timestampHeader: v })}
      />
      <TextField
        id="compat-event-header"
        label={t('compat.eventIdHeader')}
        value={s.psp.callback.eventIdHeader}
        onChange={(v) => cb({ eventIdHeader: v })}
      />
      <Choice
        id="compat-algorithm"
        label={t('compat.algorithm')}
        value={s.psp.callback.algorithm}
        options={[
          ['sha256', 'HMAC-SHA256'],
          ['sha512', 'HMAC-SHA512'],
        ]}
        onChange={(v) => cb({ algorithm: v })}
      />
      <Choice
        id="compat-encoding"
        label={t('compat.encoding')}
        value={s.psp.callback.encoding}
        options={[
          ['hex', 'hex'],
          ['base64', 'base64'],
        ]}
        onChange={(v) => cb({ encoding: v })}
      />
      <TextField
        id="compat-template"
        label={t('compat.template')}
        value={s.psp.callback.template}
        onChange={(v) => cb({ template: v })}
      />
      <TextField
        id="compat-tolerance"
        type="number"
        label={t('compat.tolerance')}
        value={s.psp.callback.toleranceSeconds}
        onChange={(v) => cb({ toleranceSeconds: Number(v) })}
      />
      <TextField
        id="compat-id-fields"
        label={t('compat.idFields')}
        value={s.psp.idFields.join(', ')}
        onChange={(v) => psp({ idFields: splitList(v) })}
      />
      <div className="field">
        <label htmlFor="compat-status-map">{t('compat.statusMap')}</label>
        <textarea
          id="compat-status-map"
          rows={6}
          value={statusMapText}
          onChange={(e) => {
            setStatusMapText(e.target.value);
            psp({ statusMap: parseStatusMap(e.target.value) });
          }}
        />
      </div>
      <TextField
        id="compat-defense-contest"
        label={t('compat.defenseContest')}
        value={s.psp.defense.contestValue}
        onChange={(v) => psp({ defense: { ...s.psp.defense, contestValue: v } })}
      />
      <TextField
        id="compat-defense-accept"
        label={t('compat.defenseAccept')}
        value={s.psp.defense.acceptValue}
        onChange={(v) => psp({ defense: { ...s.psp.defense, acceptValue: v } })}
      />
      <TextField
        id="compat-defense-min-proofs"
        type="number"
        label={t('compat.defenseMinProofs')}
        value={s.psp.defense.minProofs}
        onChange={(v) => psp({ defense: { ...s.psp.defense, minProofs: Number(v) } })}
      />
      <TextField
        id="compat-withdraw-path"
        label={t('compat.withdrawPath')}
        value={s.psp.withdrawal.path}
        onChange={(v) => psp({ withdrawal: { ...s.psp.withdrawal, path: v } })}
      />
      <TextField
        id="compat-withdraw-key-type-field"
        label={t('compat.withdrawKeyTypeField')}
        value={s.psp.withdrawal.keyTypeField}
        onChange={(v) => psp({ withdrawal: { ...s.psp.withdrawal, keyTypeField: v } })}
      />
      <TextField
        id="compat-previous-secret"
        type="number"
        label={t('compat.previousSecretHours')}
        value={s.psp.callback.previousSecretHours}
        onChange={(v) => cb({ previousSecretHours: Number(v) })}
      />
    </details>
  );
}
