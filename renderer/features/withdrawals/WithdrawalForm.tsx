import { bindFields } from '../../components/bind-fields';
import { Form } from '../../components/Form';
import type { PixKeyType } from '../../../shared/domain/pix-key';
import { KeyTypeChoice } from '../../components/KeyTypeChoice';
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
  const field = bindFields(draft, edit);
  return (
    <Form onSubmit={onReview} className="stack">
      <fieldset disabled={reviewing} className="plain-fieldset">
        <KeyTypeChoice id="wd-type" {...field('type')} />
        <TextField id="wd-key" label={t('withdraw.key')} {...field('key')} />
        <TextField
          id="wd-amount"
          label={t('withdraw.amount')}
          inputMode="decimal"
          {...field('amount')}
        />
        <TextField
          id="wd-desc"
          label={t('withdraw.description')}
          maxLength={140}
          {...field('description')}
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
