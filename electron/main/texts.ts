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
  differentTitle: 'Pago com valor diferente',
  differentBody: (charged: string, received: string, terminal: string) =>
    `Cobrado ${charged}, recebido ${received} — ${terminal}`,
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
  differentTitle: 'Paid a different amount',
  differentBody: (charged, received, terminal) =>
    `Charged ${charged}, received ${received} — ${terminal}`,
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
