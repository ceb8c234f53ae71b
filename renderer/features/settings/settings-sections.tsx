import type { ComponentType } from 'react';
import type { AppSettings } from '../../../shared/settings';
import { BackupFolderPicker } from './BackupFolderPicker';
import type { DraftProps } from './draft-props';
import { BackupsSection } from './BackupsSection';
import { ChangePinSection } from './ChangePinSection';
import { CompatibilitySection, QuerySection } from './CollapsedRows';
import { ConnectSection } from './ConnectSection';
import { CredentialsSection } from './CredentialsSection';
import { DefaultPayerSection } from './DefaultPayerSection';
import {
  API_PIX_ROWS,
  BACKUP_ROWS,
  COUNTER_ROWS,
  KEYCHAIN_ROWS,
  NOTICE_ROWS,
  PSP_ROWS,
  SHOP_ROWS,
  type FieldRow,
} from './field-table';
import { KeychainNote } from './KeychainNote';
import { PrinterSection } from './PrinterSection';
import { PspProfileSection } from './PspProfileSection';
import { ReceiverSection } from './ReceiverSection';
import { RelayTokenSection } from './RelayTokenSection';
import { ShopPairingSection } from './ShopPairingSection';

export type { DraftProps } from './draft-props';

/**
 * One part of a section: rows of the field table or a component editing the draft (both inside
 * the section's form, saved by its `Salvar configurações`), or a part with its own buttons (the
 * credentials, the PIN, the copies: outside that form). `remountOn`: the rows are read again
 * when this changes (a preset refills them).
 */
export type SectionPart =
  | { rows: readonly FieldRow[]; remountOn?: (s: AppSettings) => string }
  | { draft: ComponentType<DraftProps> }
  | { own: ComponentType<{ s: AppSettings }> };

export type SectionId =
  'shop' | 'psp' | 'notices' | 'counter' | 'printer' | 'backups' | 'owner' | 'advanced';

/**
 * Configurações as data: one row per section (its id, the tab's label and one line saying what
 * it holds) and its parts in order. Each section fits a shop screen; the PSP's compatibility
 * settings are only under `Avançado`.
 */
export const SETTINGS_SECTIONS: ReadonlyArray<{
  id: SectionId;
  label: string;
  help: string;
  parts: readonly SectionPart[];
}> = [
  {
    id: 'shop',
    label: 'sections.shop',
    help: 'sections.shopHelp',
    // The account the codes pay ("Sim, é a loja"): the shop's own, beside its names. In PSP it
    // made an API Pix shop's section taller than a 768 px screen.
    parts: [{ rows: SHOP_ROWS }, { own: ReceiverSection }],
  },
  {
    id: 'psp',
    label: 'sections.psp',
    help: 'sections.pspHelp',
    parts: [
      { own: ConnectSection },
      { rows: PSP_ROWS, remountOn: (s) => `psp-${s.psp.preset}` },
      { rows: API_PIX_ROWS, remountOn: (s) => `apipix-${s.psp.apiPix.preset}` },
      { draft: PspProfileSection },
      { own: CredentialsSection },
    ],
  },
  {
    id: 'notices',
    label: 'sections.notices',
    help: 'sections.noticesHelp',
    parts: [
      { rows: NOTICE_ROWS, remountOn: (s) => `notices-${s.psp.preset}` },
      { own: RelayTokenSection },
    ],
  },
  {
    id: 'counter',
    label: 'sections.counter',
    help: 'sections.counterHelp',
    parts: [{ rows: COUNTER_ROWS }, { own: DefaultPayerSection }],
  },
  {
    id: 'printer',
    label: 'sections.printer',
    help: 'sections.printerHelp',
    parts: [{ draft: PrinterSection }],
  },
  {
    id: 'backups',
    label: 'sections.backups',
    help: 'sections.backupsHelp',
    parts: [{ rows: BACKUP_ROWS }, { draft: BackupFolderPicker }, { own: BackupsSection }],
  },
  {
    id: 'owner',
    label: 'sections.owner',
    help: 'sections.ownerHelp',
    // The shop journal (issue 36): make the shop, pair a counter, or join one.
    parts: [{ own: ChangePinSection }, { own: ShopPairingSection }],
  },
  {
    id: 'advanced',
    label: 'sections.advanced',
    help: 'sections.advancedHelp',
    parts: [
      { rows: KEYCHAIN_ROWS },
      { draft: KeychainNote },
      { draft: QuerySection },
      { draft: CompatibilitySection },
    ],
  },
];
