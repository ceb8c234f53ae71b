import { CHARGE_STATES, type ChargeState } from '../../../shared/domain/charge-state';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/** Which charges: the day, the status (or all), and a text to look for. */
export function HistoryFilters(p: {
  day: string;
  status: ChargeState | '';
  text: string;
  onDay(d: string): void;
  onStatus(s: ChargeState | ''): void;
  onText(t: string): void;
}) {
  const { t } = useTranslation();
  return (
    <div className="filters">
      <TextField
        id="history-day"
        label={t('history.day')}
        type="date"
        value={p.day}
        onChange={p.onDay}
      />
      <Choice<ChargeState | ''>
        id="history-status"
        label={t('history.status')}
        value={p.status}
        options={[
          ['', t('history.all')],
          ...CHARGE_STATES.filter((s) => s !== 'DRAFT').map((s) => [s, t(`status.${s}`)] as const),
        ]}
        onChange={p.onStatus}
      />
      <TextField
        id="history-text"
        label={t('history.search')}
        type="search"
        value={p.text}
        placeholder={t('history.searchHint')}
        maxLength={100}
        onChange={p.onText}
      />
    </div>
  );
}
