import type { WithdrawalState } from '../views';

/** PIX withdrawals: the charge's pattern (ledger first, uncertain never failed), fewer states. */
const TRANSITIONS: Record<WithdrawalState, readonly WithdrawalState[]> = {
  SUBMITTING: ['PROCESSING', 'FAILED', 'UNCERTAIN', 'COMPLETED'],
  UNCERTAIN: ['SUBMITTING', 'PROCESSING', 'COMPLETED', 'FAILED'],
  PROCESSING: ['COMPLETED', 'FAILED'],
  COMPLETED: [],
  FAILED: [],
};

export const canMoveWithdrawal = (from: WithdrawalState, to: WithdrawalState) =>
  TRANSITIONS[from].includes(to);
export const isWithdrawalFinal = (s: WithdrawalState) => s === 'COMPLETED' || s === 'FAILED';

/** The PSP's withdrawal vocabulary (not stated by the seed; English and Portuguese defaults). */
export function readWithdrawalStatus(raw: string): WithdrawalState | undefined {
  const s = raw.trim().toUpperCase();
  if (
    [
      'PROCESSING',
      'PENDING',
      'QUEUED',
      'CREATED',
      'REQUESTED',
      'IN_PROGRESS',
      'PENDENTE',
      'PROCESSANDO',
      'EM_PROCESSAMENTO',
    ].includes(s)
  )
    return 'PROCESSING';
  if (
    [
      'COMPLETED',
      'PAID',
      'SUCCESS',
      'CONFIRMED',
      'APPROVED',
      'DONE',
      'SENT',
      'COMPLETO',
      'CONCLUIDO',
      'PAGO',
      'ENVIADO',
    ].includes(s)
  )
    return 'COMPLETED';
  if (
    [
      'FAILED',
      'REJECTED',
      'ERROR',
      'CANCELED',
      'CANCELLED',
      'RETURNED',
      'REFUNDED',
      'FALHA',
      'CANCELADO',
      'RECUSADO',
      'ESTORNADO',
    ].includes(s)
  )
    return 'FAILED';
  return undefined;
}
