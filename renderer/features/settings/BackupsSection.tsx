import { useReadOnce } from '../../components/read-once';
import { useState } from 'react';
import type { CallOutput } from '../../../shared/ipc-contract';
import { bridge, describeError } from '../../bridge';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useTranslation } from '../../i18n';
import { formatDateTime } from '../../i18n/dates';
import { BackupsTable, type Kept } from './BackupsTable';
import { PendingRestore } from './PendingRestore';

type Backups = CallOutput<'backups:list'>;
/** The newest copies shown at first (up to 14 are kept): the section fits one screen. */
export const BACKUPS_SHOWN = 3;

/**
 * `Cópias do livro de cobranças`: the kept copies of the ledger (date, why it was taken, its
 * sales), each with `Restaurar`; the newest three, then `Ver todas` for the rest. Configurações is behind the owner PIN and so is every call
 * here (the handlers check). A restore is confirmed naming the copy's date and sale count, then
 * happens at the next start, before the ledger opens (the same code as `balcao --restaurar`).
 */
export function BackupsSection() {
  const { t } = useTranslation();
  const [state, setState] = useState<Backups | null>(null);
  const [asking, setAsking] = useState<Kept | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const [all, setAll] = useState(false);
  useReadOnce(
    () => bridge().backups.list({}),
    (r) => (r.ok ? setState(r.value) : setMessage(describeError(r))),
  );
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
  return (
    <section className="stack" aria-label={t('backups.title')}>
      <h2>{t('backups.title')}</h2>
      <p>{t('backups.note')}</p>
      {state?.pending && (
        <PendingRestore
          pending={state.pending}
          onConfirm={() => void relaunch()}
          onCancel={() => void bridge().backups.cancelRestore({}).then(answer)}
        />
      )}
      {state && state.backups.length === 0 && <p>{t('backups.none')}</p>}
      {state && state.backups.length > 0 && (
        <BackupsTable
          backups={all ? state.backups : state.backups.slice(0, BACKUPS_SHOWN)}
          onRestore={setAsking}
        />
      )}
      {state && !all && state.backups.length > BACKUPS_SHOWN && (
        <button type="button" className="btn btn-small show-all" onClick={() => setAll(true)}>
          {t('backups.showAll', { count: state.backups.length })}
        </button>
      )}
      {message && <p role="alert">{message}</p>}
      {asking && (
        // `Restaurar a cópia de <data>, com N vendas?`: Esc or Cancelar leave everything as it is.
        <ConfirmDialog
          id="confirm-restore"
          title={t('backups.confirmTitle', {
            at: formatDateTime(asking.takenAt),
            count: asking.charges ?? 0,
          })}
          text={t('backups.confirmText')}
          yes={t('backups.confirmYes')}
          no={t('backups.confirmNo')}
          onYes={() => void restore(asking)}
          onNo={() => setAsking(null)}
        />
      )}
    </section>
  );
}
