import type { CallOutput } from '../../../shared/ipc-contract';
import { DetailItem } from '../../components/DetailItem';
import { useTranslation } from '../../i18n';
import { detailFields, pspDefense, stanceKey, STATUS_WORDS } from './view';

type Item = CallOutput<'infractions:list'>['items'][number];

/** One infraction, every field readable, and the defense sent (stance, justification, proofs). */
export function InfractionDetail({ item, onClose }: { item: Item; onClose(): void }) {
  const { t, i18n } = useTranslation();
  const defense = item.defense ?? pspDefense(item.fields);
  const stance = defense && stanceKey(defense.analise);
  const word = STATUS_WORDS[item.status.toUpperCase()];
  const status = word ? t(`infractions.status.${word}`) : item.status;
  return (
    <section
      className="detail"
      aria-label={t('infractions.detailTitle', { id: item.infractionId })}
    >
      <h2>{t('infractions.detailTitle', { id: item.infractionId })}</h2>
      <dl className="detail-list">
        <DetailItem term={t('infractions.col.status')}>{status}</DetailItem>
        {detailFields(item.fields, i18n.language).map((f) => (
          <DetailItem
            key={f.label}
            term={f.labelKey ? t(`infractions.field.${f.labelKey}`) : f.label}
          >
            {f.value}
          </DetailItem>
        ))}
      </dl>
      {defense && (
        <>
          <h3>{t('infractions.defenseSent')}</h3>
          <dl className="detail-list">
            <DetailItem term={t('infractions.analise')}>
              {stance ? t(`infractions.stance.${stance}`) : defense.analise}
            </DetailItem>
            <DetailItem term={t('infractions.justificativa')}>{defense.justificativa}</DetailItem>
            <DetailItem term={t('infractions.proofs')}>
              {defense.proofs.length ? (
                <ul>
                  {defense.proofs.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : (
                t('infractions.noProofs')
              )}
            </DetailItem>
          </dl>
        </>
      )}
      <button type="button" className="btn" onClick={onClose}>
        {t('infractions.close')}
      </button>
    </section>
  );
}
