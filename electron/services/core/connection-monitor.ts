import type { ConnectionDetailCode } from '../../../shared/codes';
import type { ConnectionStatus, PspHealthState } from '../../../shared/views';
import type { AppEvents } from '../events';

/**
 * The one truth about the callback connection (the `Conexão` indicator): the state, since
 * when, and why; every change is published once.
 */
export class ConnectionMonitor {
  private status: ConnectionStatus;

  constructor(
    private readonly events: AppEvents,
    private readonly now: () => number,
  ) {
    this.status = { state: 'offline', since: now() };
  }

  get(): ConnectionStatus {
    return this.status;
  }

  set(state: ConnectionStatus['state'], detail?: ConnectionDetailCode): void {
    if (this.status.state === state && this.status.detail === detail) return;
    const psp = this.status.psp;
    this.status = { state, since: this.now(), ...(detail && { detail }), ...(psp && { psp }) };
    this.events.emit('connection:changed', this.status);
  }

  /** Whether the PSP answers (psp-health.ts): part of the same truth. */
  setPsp(psp: PspHealthState): void {
    if (this.status.psp === psp) return;
    this.status = { ...this.status, psp };
    this.events.emit('connection:changed', this.status);
  }
}
