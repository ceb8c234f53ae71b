import { useState } from 'react';
import type { CallOutput } from '../../../shared/ipc-contract';
import { bridge, describeError } from '../../bridge';
import { useReadOnce } from '../../components/read-once';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';
import { formatTime } from '../../i18n/dates';

type Status = CallOutput<'shop:status'>;
type Code = CallOutput<'shop:pairingCode'>;
type FormId = 'create' | 'join';

/** The two forms as data (one row per field: id, label key, what it fills, the secret ones hidden). */
const FORMS: Record<
  FormId,
  ReadonlyArray<{ id: string; label: string; name: string; secret?: boolean }>
> = {
  create: [
    { id: 'shop-relay-url', label: 'shopPairing.relayUrl', name: 'relayUrl' },
    { id: 'shop-admin-token', label: 'shopPairing.adminToken', name: 'adminToken', secret: true },
  ],
  join: [
    { id: 'shop-address', label: 'shopPairing.address', name: 'address' },
    { id: 'shop-code', label: 'shopPairing.code', name: 'code' },
  ],
};

/**
 * `Loja e caixas` (issue 36): the owner's Balcão makes the shop and shows `Parear um caixa`'s
 * one-use code with the shop's address; a new terminal enters both under `Entrar na loja`. The
 * calls are owner-only (the handlers check); errors are worded here from their codes.
 */
export function ShopPairingSection() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Status | null>(null);
  const [code, setCode] = useState<Code | null>(null);
  const [values, setValues] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // One form open at a time: the owner's section stays within one 1024×768 screen.
  const [open, setOpen] = useState<FormId | null>(null);
  const reload = async () => {
    const r = await bridge().shop.status({});
    if (r.ok) setStatus(r.value);
  };
  useReadOnce(
    () => bridge().shop.status({}),
    (r) => r.ok && setStatus(r.value),
  );
  const v = (name: string) => values[name] ?? '';
  const submit = async (form: FormId) => {
    setBusy(true);
    setMessage(null);
    const r =
      form === 'create'
        ? await bridge().shop.create({ relayUrl: v('relayUrl'), adminToken: v('adminToken') })
        : await bridge().shop.join({ address: v('address'), code: v('code') });
    setBusy(false);
    setValues({});
    if (r.ok) setOpen(null);
    if (!r.ok) return setMessage(describeError(r));
    const done = form === 'create' ? 'created' : status?.configured ? 'repaired' : 'joined';
    setMessage(t(`shopPairing.${done}`));
    await reload();
  };
  const pair = async () => {
    const r = await bridge().shop.pairingCode({});
    if (!r.ok) return setMessage(describeError(r));
    setCode(r.value);
  };
  const form = (id: FormId) => (
    <form
      className="stack"
      aria-label={t(`shopPairing.${id}Title`)}
      onSubmit={(e) => {
        e.preventDefault();
        void submit(id);
      }}
    >
      <h3>{t(`shopPairing.${id}Title`)}</h3>
      {FORMS[id].map((f) => (
        <TextField
          key={f.id}
          id={f.id}
          label={t(f.label)}
          type={f.secret ? 'password' : 'text'}
          value={v(f.name)}
          onChange={(x) => setValues((s) => ({ ...s, [f.name]: x }))}
        />
      ))}
      <div className="row">
        <button type="submit" className="btn" disabled={busy}>
          {t(`shopPairing.${id}`)}
        </button>
        <button type="button" className="btn" onClick={() => setOpen(null)}>
          {t('owner.cancel')}
        </button>
      </div>
    </form>
  );
  return (
    <section className="stack" aria-label={t('shopPairing.title')}>
      <h3>{t('shopPairing.title')}</h3>
      {status && !status.configured && (
        <>
          {open ? (
            form(open)
          ) : (
            // One row: with `Alterar PIN` above, the section fits one 1024×768 screen.
            <div className="row">
              <p>{t('shopPairing.none')}</p>
              {(['create', 'join'] as const).map((id) => (
                <button key={id} type="button" className="btn" onClick={() => setOpen(id)}>
                  {t(`shopPairing.${id}`)}
                </button>
              ))}
            </div>
          )}
        </>
      )}
      {/* A counter already in the shop pairs again with a new code (a new key; docs/journal.md). */}
      {status?.configured && open === 'join' && form('join')}
      {status?.configured && open !== 'join' && (
        // One row (the code, once made, in place of the status line): with `Alterar PIN` above,
        // the section fits one 1024×768 screen.
        <div className="row" aria-label={t('shopPairing.pair')}>
          {code ? (
            <p>
              {t('shopPairing.codeIs')} <strong data-testid="pairing-code">{code.code}</strong>{' '}
              {t('shopPairing.validUntil', { at: formatTime(code.expiresAt) })}
            </p>
          ) : (
            <p>
              {t(status.role === 'owner' ? 'shopPairing.isOwner' : 'shopPairing.isTerminal', {
                unsent: status.unsent,
              })}
            </p>
          )}
          {code && (
            <>
              <input
                id="shop-address-out"
                aria-label={t('shopPairing.address')}
                className="mono"
                readOnly
                value={code.address}
              />
            </>
          )}
          {status.role === 'owner' && (
            <button type="button" className="btn" onClick={() => void pair()}>
              {t('shopPairing.pair')}
            </button>
          )}
          {status.role === 'terminal' && (
            <button type="button" className="btn" onClick={() => setOpen('join')}>
              {t('shopPairing.repair')}
            </button>
          )}
        </div>
      )}
      {message && <p role="status">{message}</p>}
    </section>
  );
}
