import { useEffect, useState } from 'react';
import { useTranslation } from '../../i18n';
import { useSettings } from '../../stores/settings-store';
import { SectionParts } from './SectionParts';
import { SETTINGS_SECTIONS, type SectionId } from './settings-sections';
import { SectionTabs } from './SectionTabs';

/**
 * Configurações: one section at a time (Loja, PSP, Avisos de pagamento, Caixa, Impressora,
 * Cópias de segurança, Proprietário, Avançado), chosen from the tabs above it. Edits are kept in
 * one draft while moving between sections and saved together; secrets and PINs stay inside their
 * own parts, cleared as soon as they are sent.
 */
export function SettingsScreen() {
  const { t } = useTranslation();
  const { draft: s, edit, message, load, save } = useSettings();
  const [current, setCurrent] = useState<SectionId>('shop');
  useEffect(() => {
    void load();
  }, [load]);
  if (!s) return null;
  const section = SETTINGS_SECTIONS.find((x) => x.id === current)!;
  return (
    <div className="owner-screen settings-screen">
      <h1>{t('nav.settings')}</h1>
      {message && <p role="status">{message}</p>}
      <SectionTabs current={current} onChoose={setCurrent} />
      <div
        role="tabpanel"
        id={`settings-panel-${current}`}
        aria-labelledby={`settings-tab-${current}`}
        className={`stack settings-panel settings-${current}`}
      >
        <p className="muted">{t(section.help)}</p>
        <SectionParts
          key={current}
          parts={section.parts}
          s={s}
          edit={edit}
          save={() => void save()}
        />
      </div>
    </div>
  );
}
