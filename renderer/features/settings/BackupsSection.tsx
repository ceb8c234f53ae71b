import { ColumnHeads } from '../../components/ColumnHeads';
import { useEffect, useRef, useState } from 'react';
import type { CallOutput } from '../../../shared/ipc-contract';
import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';

type Backups = CallOutput<'backups:list'>;
type Kept = Backups['backups'][number];

/**
 * `Cópias do livro de cobranças`: the kept copies of the ledger (date, why it was taken, its
 * sales), each with `Restaurar`. Configurações is behind the owner PIN and so is every call
 * here (the handlers check). A restore is confirmed naming the copy's date and sale count, then
 * happens at the next start, before the ledger opens (the same code as `balcao --restaurar`).
 */
export function BackupsSection() {
  const { t } = useTranslation();
  const [state, setState] = useState<Backups | null>(null);
  const [asking, setAsking] = useState<Kept | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    let gone = false;
    void bridge()
      .backups.list({})
      .then((r) => {
        if (gone) return;
        if (r.ok) setState(r.value);
        else setMessage(describeError(r));
      });
    return () => {
      gone = true;
    };
  }, []);
  const answer = (r: Awaited<ReturnType<ReturnType<typeof bridge>['backups']['list']>>) => {
    if (!r.ok) return setMessage(describeError(r));
    setState(r.value);
    setMessage(null);
  };
  const restore = async (b: Kept) => {
    setAsking(null);
    answer(await bridge().backups.restore({ name: b.name }));
  };
  // Electron closes and reopens (the copy goes back then); the development host cannot.
  const relaunch = async () => {
    const r = await bridge().app.relaunch({});
    if (!r.ok) return setMessage(describeError(r));
    setMessage(r.value.relaunching ? null : t('backups.relaunchByHand'));
  };
  const when = (ms: number) => formatDateTime(ms);
  return (
    <section className="stack" aria-label={t('backups.title')}>
      <h2>{t('backups.title')}</h2>
      <p>{t('backups.note')}</p>
      {state?.pending && (
        <div role="status" className="stack" data-testid="backup-pending">
          <p>
            {t('backups.pending', {
              at: when(state.pending.takenAt),
              count: state.pending.charges,
            })}
          </p>
          <button type="button" className="btn btn-primary" onClick={() => void relaunch()}>
            {t('backups.relaunch')}
          </button>
          <button
            type="button"
            className="btn"
            onClick={() => void bridge().backups.cancelRestore({}).then(answer)}
          >
            {t('backups.cancel')}
          </button>
        </div>
      )}
      {state && state.backups.length === 0 && <p>{t('backups.none')}</p>}
      {state && state.backups.length > 0 && (
        <table>
          <ColumnHeads
            columns={[t('backups.takenAt'), t('backups.reason'), t('backups.sales'), '']}
          />
          <tbody>
            {state.backups.map((b) => (
              <tr key={b.name} data-testid="backup-row">
                <td>{when(b.takenAt)}</td>
                <td>{t(`backups.reasons.${b.reason}`)}</td>
                <td>{b.ok ? b.charges : t('backups.damaged')}</td>
                <td>
                  <button
                    type="button"
                    className="btn"
                    disabled={!b.ok}
                    aria-label={t('backups.restoreOne', { at: when(b.takenAt) })}
                    onClick={() => setAsking(b)}
                  >
                    {t('backups.restore')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {message && <p role="alert">{message}</p>}
      {asking && (
        <ConfirmRestore
          at={when(asking.takenAt)}
          count={asking.charges ?? 0}
          onYes={() => void restore(asking)}
          onNo={() => setAsking(null)}
        />
      )}
    </section>
  );
}

/** `Restaurar a cópia de <data>, com N vendas?`: Esc or Cancelar leave everything as it is. */
function ConfirmRestore({
  at,
  count,
  onYes,
  onNo,
}: {
  at: string;
  count: number;
  onYes(): void;
  onNo(): void;
}) {
  const { t } = useTranslation();
  const no = useRef<HTMLButtonElement>(null);
  useEffect(() => no.current?.focus(), []);
  return (
    <div className="modal-backdrop">
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby="confirm-restore-title"
        aria-describedby="confirm-restore-text"
        className="modal"
        onKeyDown={(e) => {
          if (e.key !== 'Escape') return;
          e.preventDefault();
          e.stopPropagation();
          onNo();
        }}
      >
        <h2 id="confirm-restore-title">{t('backups.confirmTitle', { at, count })}</h2>
        <p id="confirm-restore-text">{t('backups.confirmText')}</p>
        <div className="modal-actions">
          <button type="button" className="btn btn-danger" onClick={onYes}>
            {t('backups.confirmYes')}
          </button>
          <button ref={no} type="button" className="btn" onClick={onNo}>
            {t('backups.confirmNo')}
          </button>
        </div>
      </div>
    </div>
  );
}
