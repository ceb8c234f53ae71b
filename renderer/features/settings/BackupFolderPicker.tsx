import { bridge, describeError } from '../../bridge';
import { useTranslation } from '../../i18n';
import { useApp } from '../../stores/app-store';
import { useState } from 'react';
import type { DraftProps } from './draft-props';
import { setPath } from './field-table';

/**
 * `Escolher pasta…` beside the backup folder: the OS's folder dialog, in the installed app only
 * (the development host has none: the path is typed). The folder is checked when saved.
 */
export function BackupFolderPicker({ s, edit }: DraftProps) {
  const { t } = useTranslation();
  const host = useApp((a) => a.info?.host);
  const [error, setError] = useState<string | null>(null);
  if (host !== 'electron') return null;
  const choose = async () => {
    const r = await bridge().backups.chooseFolder({});
    if (!r.ok) return setError(describeError(r));
    setError(null);
    if (r.value.folder) edit(setPath(s, 'backups.extraDir', r.value.folder));
  };
  return (
    <div className="field-row">
      <button type="button" className="btn" onClick={() => void choose()}>
        {t('backups.chooseFolder')}
      </button>
      {error && <p className="field-error">{error}</p>}
    </div>
  );
}
