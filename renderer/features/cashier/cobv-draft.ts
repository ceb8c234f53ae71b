import type { Err } from '../../../shared/result';

/**
 * `Com vencimento` as typed: text until it is read (cobv-fields.ts reads it by
 * shared/domain/cobv.ts's rules). Apart from those rules so the Caixa's first load holds only
 * this: the rules, the fields and their table load when the choice is made.
 */
export interface CobvDraft {
  dueDate: string;
  daysAfterDue: string;
  fine: string;
  interest: string;
  discount: string;
}

export const EMPTY_COBV: CobvDraft = {
  dueDate: '',
  daysAfterDue: '30',
  fine: '',
  interest: '',
  discount: '',
};

/** An error as a code and its params, worded by the renderer (describeError). */
export type CobvErrors = Partial<
  Record<keyof CobvDraft | 'name' | 'document', Pick<Err, 'code' | 'params'>>
>;
