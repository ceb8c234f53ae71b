// Operators and shifts (issue 36) on a real SQLite ledger with the real scrypt PIN hash: the
// owner's roster, a shift opened by PIN, a switch that leaves the charge with its creator, the
// per-operator PIN limit, an operator disabled mid-shift, and Fechar turno's rights and summary.
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { Ledger } from '../../../electron/services/ledger/ledger';
import { OperatorService } from '../../../electron/services/operators/operator-service';
import { OperatorsRepo } from '../../../electron/services/operators/operators-repo';
import { ShiftsRepo } from '../../../electron/services/shifts/shifts-repo';
import { tempDir } from '../../helpers/core';
import { err, ok } from '../../../shared/result';

function setup() {
  const ledger = Ledger.open(path.join(tempDir(), 'ledger.sqlite'));
  const owner = { unlocked: true };
  const shifts = new ShiftsRepo(ledger.db);
  const svc = new OperatorService(
    new OperatorsRepo(ledger.db),
    shifts,
    ledger.kv,
    () => (owner.unlocked ? ok(true as const) : err('auth', 'OWNER_LOCKED')),
    'T1',
  );
  let n = 0;
  const charge = (
    status: string,
    cents: number,
    at?: { shift: { id: string }; operator: { id: string } },
  ) => {
    const id = `c${n++}`;
    ledger.db
      .prepare(
        `INSERT INTO charges (id, external_id, operation, amount_cents, status, terminal_id, demo,
           created_at, updated_at, expires_at) VALUES (?, ?, 'deposit', ?, ?, 'T1', 0, 1, 1, 9)`,
      )
      .run(id, `e${id}`, cents, status);
    if (at) shifts.tagCharge(id, at.operator.id, at.shift.id);
    return id;
  };
  const tagOf = (id: string) =>
    ledger.db.prepare('SELECT operator_id, shift_id FROM charges WHERE id = ?').get(id);
  return { ledger, owner, svc, charge, tagOf };
}

const value = <T>(r: { ok: true; value: T } | { ok: false; code: string }): T => {
  if (!r.ok) throw new Error(`expected ok, got ${r.code}`);
  return r.value;
};

describe('operators and shifts', () => {
  it('a shop with no operators stays anonymous: no prompt, no shift', () => {
    const { svc } = setup();
    expect(svc.enabled()).toBe(false);
    expect(svc.current()).toEqual({ ok: true, value: undefined });
  });

  it('only the owner manages the roster; bad names and PINs get words, not rows', async () => {
    const { svc, owner } = setup();
    owner.unlocked = false;
    expect(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' })).toMatchObject({
      ok: false,
      code: 'OWNER_LOCKED',
    });
    owner.unlocked = true;
    expect(await svc.add({ name: ' ', pin: '1234', role: 'cashier' })).toMatchObject({
      code: 'OPERATOR_NAME_EMPTY',
    });
    expect(await svc.add({ name: 'Ana', pin: '12a4', role: 'cashier' })).toMatchObject({
      code: 'PIN_FORMAT',
    });
    expect(svc.enabled()).toBe(false);
    const ana = value(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' }));
    expect(svc.roster()).toEqual([ana]);
    expect(JSON.stringify(svc.roster())).not.toContain('salt');
  });

  it('a switch mid-charge keeps the charge with its creator; Fechar turno adds up her shift', async () => {
    const { svc, owner, charge, tagOf } = setup();
    const ana = value(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' }));
    const bia = value(await svc.add({ name: 'Bia', pin: '5678', role: 'cashier' }));
    owner.unlocked = false;
    expect(svc.current()).toMatchObject({ ok: false, code: 'SHIFT_NOT_OPEN' });
    expect(await svc.enter(ana.id, '5678')).toMatchObject({ ok: false, code: 'PIN_WRONG' });
    const atAna = value(await svc.enter(ana.id, '1234'));
    const paid = charge('PAID', 1500, atAna);
    const open = charge('PENDING', 990, atAna); // in progress when Bia takes over
    svc.lock();
    const atBia = value(await svc.enter(bia.id, '5678'));
    charge('CANCELED', 700, atBia);
    expect(value(svc.current())!.operator.name).toBe('Bia');
    expect(tagOf(open)).toEqual({ operator_id: ana.id, shift_id: atAna.shift.id });
    // Bia, a cashier, may not close Ana's shift; Ana may.
    expect(svc.closeShift(atAna.shift.id)).toMatchObject({ ok: false, code: 'OWNER_LOCKED' });
    svc.lock();
    value(await svc.enter(ana.id, '1234'));
    const s = value(svc.closeShift(atAna.shift.id));
    expect(s.sales).toEqual({ count: 2, amountCents: 2490 });
    expect(s.paid).toEqual({ count: 1, amountCents: 1500 });
    expect(s.open).toEqual({ count: 1, amountCents: 990 });
    expect(s.canceled.count).toBe(0);
    expect(tagOf(paid)).toEqual({ operator_id: ana.id, shift_id: atAna.shift.id });
  });

  it('a new charge is tagged with who is at the counter; an older charge never moves', async () => {
    const { svc, charge, tagOf } = setup();
    const ana = value(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' }));
    const old = charge('PENDING', 300); // rung before Ana's shift: anonymous
    const at = value(await svc.enter(ana.id, '1234'));
    const fresh = charge('SUBMITTING', 1200);
    svc.tagNew({ id: fresh, status: 'SUBMITTING', createdAt: at.shift.openedAt });
    svc.tagNew({ id: old, status: 'PAID', createdAt: 1 });
    expect(tagOf(fresh)).toEqual({ operator_id: ana.id, shift_id: at.shift.id });
    expect(tagOf(old)).toEqual({ operator_id: null, shift_id: null });
  });

  it('a supervisor may close another operator’s shift', async () => {
    const { svc, owner } = setup();
    const ana = value(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' }));
    const sup = value(await svc.add({ name: 'Sil', pin: '9999', role: 'supervisor' }));
    owner.unlocked = false;
    const atAna = value(await svc.enter(ana.id, '1234'));
    svc.lock();
    value(await svc.enter(sup.id, '9999'));
    expect(value(svc.closeShift(atAna.shift.id)).closedAt).not.toBeNull();
  });

  it('an operator disabled mid-shift: her shift is closed at the next action, her charges kept', async () => {
    const { svc, charge, tagOf } = setup();
    const ana = value(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' }));
    const at = value(await svc.enter(ana.id, '1234'));
    const c = charge('PENDING', 500, at);
    value(await svc.update(ana.id, { active: false }));
    expect(svc.current()).toMatchObject({ ok: false, code: 'OPERATOR_DISABLED' });
    expect(svc.current()).toMatchObject({ ok: false, code: 'SHIFT_NOT_OPEN' });
    expect(await svc.enter(ana.id, '1234')).toMatchObject({ code: 'OPERATOR_DISABLED' });
    expect(tagOf(c)).toEqual({ operator_id: ana.id, shift_id: at.shift.id });
    expect(svc.roster()).toEqual([]);
  });

  it('120 concurrent wrong PINs for one operator end locked, the right PIN too; another operator is not', async () => {
    const { svc } = setup();
    const ana = value(await svc.add({ name: 'Ana', pin: '1234', role: 'cashier' }));
    const bia = value(await svc.add({ name: 'Bia', pin: '5678', role: 'cashier' }));
    const answers = await Promise.all(
      Array.from({ length: 120 }, (_, i) => svc.enter(ana.id, String(2000 + i))),
    );
    const codes = answers.map((a) => (a.ok ? 'OK' : a.code));
    expect(codes.filter((c) => c === 'PIN_WRONG')).toHaveLength(5);
    expect(codes.filter((c) => c === 'PIN_LOCKED_OUT')).toHaveLength(115);
    expect(await svc.enter(ana.id, '1234')).toMatchObject({ code: 'PIN_LOCKED_OUT' });
    expect((await svc.enter(bia.id, '5678')).ok).toBe(true);
  });
});
