import { PIX_KEY_TYPES, type PixKeyType } from '../../shared/domain/pix-key';
import { useTranslation } from '../i18n';
import { Choice } from './Choice';

/** `Tipo de chave`: the PIX key's type, for a saque and for a devolução by withdrawal. */
export function KeyTypeChoice({
  id,
  value,
  onChange,
}: {
  id: string;
  value: PixKeyType;
  onChange(type: PixKeyType): void;
}) {
  const { t } = useTranslation();
  return (
    <Choice
      id={id}
      label={t('withdraw.keyType')}
      value={value}
      options={PIX_KEY_TYPES.map((k) => [k, t(`pixKeyTypes.${k}`)] as const)}
      onChange={onChange}
    />
  );
}
