// The few words the main process shows itself (menu, tray, OS notifications), in the app's two
// languages. Everything else on screen is the renderer's (renderer/i18n).
import type { AppSettings } from '../../shared/settings';
import type { ConnectionStatus } from '../../shared/views';

const ptBR = {
  open: 'Abrir',
  quit: 'Sair',
  app: 'Balcão',
  edit: 'Editar',
  view: 'Exibir',
  window: 'Janela',
  developer: 'Desenvolvedor',
  paidTitle: 'Pagamento recebido',
  paidBody: (amount: string, terminal: string) => `${amount} — ${terminal}`,
  connection: {
    connected: 'Conectado',
    reconnecting: 'Reconectando…',
    polling: 'Consultando o PSP',
    offline: 'Sem conexão',
  } satisfies Record<ConnectionStatus['state'], string>,
  saveFailed: 'Não foi possível salvar o PDF.',
};

const en: typeof ptBR = {
  open: 'Open',
  quit: 'Quit',
  app: 'Balcão',
  edit: 'Edit',
  view: 'View',
  window: 'Window',
  developer: 'Developer',
  paidTitle: 'Payment received',
  paidBody: (amount, terminal) => `${amount} — ${terminal}`,
  connection: {
    connected: 'Connected',
    reconnecting: 'Reconnecting…',
    polling: 'Checking the PSP',
    offline: 'Offline',
  },
  saveFailed: 'Could not save the PDF.',
};

export type ShellTexts = typeof ptBR;

export function shellTexts(language: AppSettings['language']): ShellTexts {
  return language === 'en' ? en : ptBR;
}
