import type { ChargeState } from '../../shared/domain/charge-state';
import type { AppSettings } from '../../shared/settings';
import type { ChargeView, ConnectionStatus } from '../../shared/views';
import type { AppEvents } from '../services/events';
import type { Logger } from '../services/log';

/** What the shell needs of the services (AppCore satisfies it). */
export interface ShellCore {
  events: Pick<AppEvents, 'on' | 'onAny'>;
  settings: { get(): AppSettings };
  charges: { list(filter: { status?: ChargeState }): ChargeView[] };
  connection(): ConnectionStatus;
  redactor: { redact(text: string): string };
  /** Where a handler's exception is logged, with its correlation id (ipc-dispatch). */
  logger: Logger;
  start(): Promise<void>;
  stop(): Promise<void>;
}
