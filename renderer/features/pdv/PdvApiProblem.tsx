import { useTranslation } from '../../i18n';
import { usePdv } from '../../stores/pdv-store';

/**
 * Why the local API is not listening (a port another program holds), in words with what to do:
 * beside Salvar, where the owner just chose the port, and on the API's status line.
 */
export function PdvApiProblem({ testId }: { testId: string }) {
  const { t } = useTranslation();
  const api = usePdv((s) => s.overview?.api);
  if (!api?.problem) return null;
  return (
    <p role="alert" className="banner banner-error" data-testid={testId}>
      {t(`pdv.apiProblem.${api.problem}`, { port: api.port })}
    </p>
  );
}
