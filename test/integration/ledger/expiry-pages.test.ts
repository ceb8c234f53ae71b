// Local expiry in pages (issue 35: 30,000 charges expiring together, read as one array, left
// ~45 MiB resident after GC; `npm run bench -- expiry-burst`). Paging must neither skip nor repeat
// a charge, also when many share the same expiry millisecond, and one call does at most `max`.
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChargeRecord } from '../../../electron/services/ledger/charges-repo';
import { chargeRecord } from '../../helpers/charge-record';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { coreOn, tempDir } from '../../helpers/core';
import { sandboxProcess } from '../../helpers/sandbox-process';

const charge = (id: string, expiresAt: number, status: ChargeRecord['status'] = 'PENDING') =>
  chargeRecord(id, status, expiresAt);

describe('due charges read in pages', () => {
  it('every due pending charge once, in deadline order, ties included; none that is not due', () => {
    const ledger = Ledger.open(path.join(tempDir(), 'ledger.sqlite'));
    const now = 100_000;
    const due: string[] = [];
    // 60 at the same millisecond (more than a page), then 70 spread out.
    for (let i = 0; i < 130; i++) {
      const id = `d${String(i).padStart(3, '0')}`;
      ledger.charges.insert(charge(id, i < 60 ? 5_000 : 5_000 + i), {
        to: 'PENDING',
        source: 'test',
        at: 0,
      });
      due.push(id);
    }
    ledger.charges.insert(charge('later', now + 1), { to: 'PENDING', source: 'test', at: 0 });
    ledger.charges.insert(charge('paid', 1, 'PAID'), { to: 'PAID', source: 'test', at: 0 });
    const read: string[] = [];
    for (let page = ledger.charges.pendingDue(now, 50); page.length > 0;) {
      expect(page.length).toBeLessThanOrEqual(50);
      read.push(...page.map((c) => c.id));
      page = ledger.charges.pendingDue(now, 50, page.at(-1)!);
    }
    expect(read).toEqual(due);
    ledger.close();
  });
});

describe('the expiry tick', () => {
  const sb = sandboxProcess();
  afterAll(async () => (await sb).close());

  it('expires at most `max` per call; the next calls take the rest, each once', async () => {
    const { core } = await coreOn((await sb).baseUrl, { statusQuery: false });
    try {
      const at = Date.now() - 60_000;
      for (let i = 0; i < 250; i++)
        core.ledger.charges.insert(charge(`x${i}`, at + (i % 3)), {
          to: 'PENDING',
          source: 'test',
          at: 0,
        });
      expect(core.charges.expireDue(100)).toBe(100);
      expect(core.charges.expireDue(100)).toBe(100);
      expect(core.charges.expireDue(100)).toBe(50);
      expect(core.charges.expireDue(100)).toBe(0);
      for (let i = 0; i < 250; i++) expect(core.charges.record(`x${i}`)!.status).toBe('EXPIRED');
    } finally {
      await core.stop();
    }
  });
});
