import { Form } from '../../components/Form';
import { PIX_KEY_TYPES, type PixKeyType } from '../../../shared/domain/pix-key';
import { Choice } from '../../components/Choice';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n';

/** The withdrawal as typed. */
export interface WithdrawalDraft {
  type: PixKeyType;
  key: string;
  amount: string;
  description: string;
}

/** Key type, key, amount and description, then `Revisar saque`; frozen while under review. */
export function WithdrawalForm({
  draft,
  edit,
  reviewing,
  error,
  onReview,
}: {
  draft: WithdrawalDraft;
  edit(patch: Partial<WithdrawalDraft>): void;
  reviewing: boolean;
  error: string | null;
  onReview(): void;
}) {
  const { t } = useTranslation();
  return (
    <Form onSubmit={onReview} className="stack">
      <fieldset disabled={reviewing} className="plain-fieldset">
        <Choice
          id="wd-type"
          label={t('withdraw.keyType')}
          value={draft.type}
          options={PIX_KEY_TYPES.map((k) => [k, t(`pixKeyTypes.${k}`)] as const)}
          onChange={(type) => edit({ type })}
        />
        <TextField
          id="wd-key"
          label={t('withdraw.key')}
          value={draft.key}
          onChange={(key) => edit({ key })}
        />
        <TextField
          id="wd-amount"
          label={t('withdraw.amount')}
          inputMode="decimal"
          value={draft.amount}
          onChange={(amount) => edit({ amount })}
        />
        <TextField
          id="wd-desc"
          label={t('withdraw.description')}
          maxLength={140}
          value={draft.description}
          onChange={(description) => edit({ description })}
        />
      </fieldset>
      {error && <p role="alert">{error}</p>}
      {!reviewing && (
        <button type="submit" className="btn btn-primary">
          {t('withdraw.review')}
        </button>
      )}
    </Form>
  );
}
