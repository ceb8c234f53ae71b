import { describe, expect, it } from 'vitest';
import { CHARGE_NOTICE_CODES, isChargeNoticeCode } from '../../../../shared/domain/charge-notices';

describe('a charge notice read back from the ledger', () => {
  it('is one of the listed codes, spelled exactly; anything else is not shown as one', () => {
    for (const c of CHARGE_NOTICE_CODES) expect(isChargeNoticeCode(c)).toBe(true);
    for (const c of ['uncertain', 'PAID', '', 7, null, undefined, ['UNCERTAIN']])
      expect(isChargeNoticeCode(c)).toBe(false);
  });
});
