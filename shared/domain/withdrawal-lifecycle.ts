import type { ErrorKind } from '../result';
import type { WithdrawalState } from '../views';
import { canMoveWithdrawal, isWithdrawalFinal, readWithdrawalStatus } from './withdrawal-state';

/**
 * A PIX withdrawal's lifecycle as one pure decision, like the charge's: ledger first, the same
 * external id on every retry, an answer lost is UNCERTAIN (never FAILED), final states stay final.
 */
export interface WithdrawalFacts {
  status: WithdrawalState;
  flags: string[];
  pspId?: string;
  pspStatus?: string;
  /** UNCERTAIN, ALREADY_RECEIVED, or the PSP error's code when it refused. */
  noticeCode?: string;
}

export type WithdrawalEvent =
  | { type: 'submit' }
  | { type: 'pspAnswer'; id?: string; status?: string }
  /**
   * `retrySafe` false: the PSP takes no external id of ours (cics-pt), so a resend could pay
   * twice; the withdrawal stays UNCERTAIN (UNCERTAIN_NO_RETRY) and the owner checks the PSP.
   */
  | { type: 'answerLost'; retrySafe?: boolean }
  | { type: 'pspRefused'; kind: ErrorKind; code: string }
  | { type: 'callbackStatus'; raw: string };

export type WithdrawalEffect = { type: 'publish' } | { type: 'retryLater' };

export interface WithdrawalDecision<T extends WithdrawalFacts> {
  next: T;
  changed: boolean;
  effects: WithdrawalEffect[];
  outcome: 'applied' | 'duplicate' | 'ignored' | 'unknown-status' | 'noop';
}

export function decideWithdrawal<T extends WithdrawalFacts>(
  state: T,
  e: WithdrawalEvent,
): WithdrawalDecision<T> {
  const next: T = { ...state, flags: [...state.flags] };
  const out = (
    outcome: WithdrawalDecision<T>['outcome'],
    effects: WithdrawalEffect[] = [],
  ): WithdrawalDecision<T> => ({
    next,
    changed: JSON.stringify(next) !== JSON.stringify(state),
    effects,
    outcome,
  });
  const move = (to: WithdrawalState, notice?: string): boolean => {
    if (next.status !== to && !canMoveWithdrawal(next.status, to)) return false;
    next.status = to;
    if (notice) next.noticeCode = notice;
    else if (to === 'PROCESSING' || to === 'COMPLETED') delete next.noticeCode;
    return true;
  };
  const flag = (f: string) => !next.flags.includes(f) && next.flags.push(f);
  const publish: WithdrawalEffect[] = [{ type: 'publish' }];

  switch (e.type) {
    case 'submit':
      if (state.status !== 'UNCERTAIN') return out('noop');
      move('SUBMITTING');
      return out('applied', publish);
    case 'pspAnswer': {
      if (state.status !== 'SUBMITTING') return out('ignored');
      if (e.id) next.pspId = e.id;
      const to = (e.status && readWithdrawalStatus(e.status)) || 'PROCESSING';
      move(to);
      return out('applied', publish);
    }
    case 'answerLost':
      if (state.status !== 'SUBMITTING') return out('noop');
      if (e.retrySafe === false) {
        move('UNCERTAIN', 'UNCERTAIN_NO_RETRY');
        return out('applied', publish);
      }
      flag('RETRIED');
      move('UNCERTAIN', 'UNCERTAIN');
      return out('applied', [...publish, { type: 'retryLater' }]);
    case 'pspRefused':
      if (state.status !== 'SUBMITTING') return out('noop');
      if (e.kind === 'conflict') {
        // The PSP already holds this id: the earlier attempt went through.
        move('PROCESSING', 'ALREADY_RECEIVED');
        return out('applied', publish);
      }
      if (e.kind === 'uncertain' || next.flags.includes('RETRIED')) {
        flag('RETRIED');
        move('UNCERTAIN', 'UNCERTAIN');
        return out('applied', [...publish, { type: 'retryLater' }]);
      }
      move('FAILED', e.code);
      return out('applied', publish);
    case 'callbackStatus': {
      const to = readWithdrawalStatus(e.raw);
      next.pspStatus = e.raw;
      if (!to) {
        flag('UNKNOWN_STATUS');
        return out('unknown-status', publish);
      }
      if (state.status === to) return out('duplicate');
      if (isWithdrawalFinal(state.status) || !canMoveWithdrawal(state.status, to))
        return out('ignored');
      move(to);
      return out('applied', publish);
    }
    default:
      return ((x: never) => {
        throw new Error(`unhandled withdrawal event ${JSON.stringify(x)}`);
      })(e);
  }
}
