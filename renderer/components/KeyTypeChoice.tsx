import { PIX_KEY_TYPES, type PixKeyType } from '../../shared/domain/pix-key';
import { useTranslation } from '../i18n';
import { Choice, LabelledChoice } from './Choice';

/** `Tipo de chave`: the PIX key's type, for a saque and for a devolução by withdrawal. */
export function KeyTypeChoice({
  id,
  value,
  onChange,
  inRow = false,
}: {
  id: string;
  value: PixKeyType;
  onChange(type: PixKeyType): void;
  /** In a form laid out in a row: the label and select alone, like the inputs beside them. */
  inRow?: boolean;
}) {
  const { t } = useTranslation();
  const p = {
    id,
    label: t('withdraw.keyType'),
    value,
    options: PIX_KEY_TYPES.map((k) => [k, t(`pixKeyTypes.${k}`)] as const),
    onChange,
  };
  return inRow ? <LabelledChoice {...p} /> : <Choice {...p} />;
}
