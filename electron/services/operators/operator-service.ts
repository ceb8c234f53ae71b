import { randomUUID } from 'node:crypto';
import { err, ok, type Result } from '../../../shared/result';
import { shiftSummary, type ShiftSummary } from '../../../shared/domain/shift-summary';
import type { KvRepo } from '../ledger/kv-repo';
import { hashNewPin, pinMatches, scryptPin, type PinHasher } from '../owner/owner-service';
import { PinAttempts } from '../owner/pin-attempts';
import type { ShiftRecord, ShiftsRepo } from '../shifts/shifts-repo';
import type { OperatorRole, OperatorsRepo, OperatorView } from './operators-repo';

export interface OperatorInput {
  name: string;
  pin: string;
  role: OperatorRole;
}

/** Who is at the counter now: the operator and her open shift. */
export interface AtCounter {
  operator: OperatorView;
  shift: ShiftRecord;
}

const CURRENT = 'shift.current';

/**
 * The shop's operators and their shifts at this terminal (issue 36). The owner manages the
 * roster (every change goes through `requireOwner`); an operator opens or resumes her shift with
 * her own PIN, rate-limited per operator by the owner's PinAttempts rule. Switching operator only
 * moves the "current" pointer: no shift is closed and no charge is touched, so a charge in progress
 * stays tagged with whoever created it. With no operators, `current()` is undefined and the
 * counter stays anonymous, as before.
 */
export class OperatorService {
  private readonly attempts = new Map<string, PinAttempts>();

  constructor(
    private readonly operators: OperatorsRepo,
    private readonly shifts: ShiftsRepo,
    private readonly kv: KvRepo,
    private readonly requireOwner: () => Result<true>,
    private readonly terminalId: string,
    private readonly now: () => number = Date.now,
    private readonly hash: PinHasher = scryptPin,
  ) {}

  enabled(): boolean {
    return this.operators.count() > 0;
  }

  list(): Result<OperatorView[]> {
    const gate = this.requireOwner();
    return gate.ok ? ok(this.operators.list()) : gate;
  }

  /** The names on the prompt ("Quem está no caixa?"): active operators only, no PIN. */
  roster(): OperatorView[] {
    return this.operators.list().filter((o) => o.active);
  }

  async add(input: OperatorInput): Promise<Result<OperatorView>> {
    const gate = this.requireOwner();
    if (!gate.ok) return gate;
    const bad = validate(input);
    if (bad) return bad;
    const o: OperatorView = {
      id: randomUUID(),
      name: input.name.trim(),
      role: input.role,
      active: true,
    };
    this.operators.insert({ ...o, pinHash: await hashNewPin(input.pin) }, this.now());
    return ok(o);
  }

  async update(
    id: string,
    p: Partial<OperatorInput> & { active?: boolean },
  ): Promise<Result<OperatorView>> {
    const gate = this.requireOwner();
    if (!gate.ok) return gate;
    if (!this.operators.get(id)) return err('not_found', 'OPERATOR_NOT_FOUND');
    const bad = validate(p);
    if (bad) return bad;
    const pinHash = p.pin === undefined ? undefined : await hashNewPin(p.pin);
    this.operators.update(
      id,
      {
        ...(p.name !== undefined && { name: p.name.trim() }),
        ...(p.role && { role: p.role }),
        ...(p.active !== undefined && { active: p.active }),
        ...(pinHash && { pinHash }),
      },
      this.now(),
    );
    const { pinHash: _hidden, ...view } = this.operators.get(id)!;
    return ok(view);
  }

  /** Opens (or resumes) the operator's shift at this terminal with her PIN: she is now at the counter. */
  async enter(operatorId: string, pin: string): Promise<Result<AtCounter>> {
    const o = this.operators.get(operatorId);
    if (!o) return err('not_found', 'OPERATOR_NOT_FOUND');
    if (!o.active) return err('auth', 'OPERATOR_DISABLED');
    const attempt = this.attemptsOf(operatorId).reserve();
    if (!attempt.ok)
      return err('rate_limited', 'PIN_LOCKED_OUT', {
        retryAfterMs: attempt.retryAfterMs,
        params: { seconds: Math.ceil(attempt.retryAfterMs / 1000) },
      });
    let right = false;
    try {
      right = /^\d{4,8}$/.test(pin) && (await pinMatches(pin, o.pinHash, this.hash));
    } finally {
      attempt.settle(right);
    }
    if (!right) return err('auth', 'PIN_WRONG', { field: 'pin' });
    let shift = this.shifts.openOf(operatorId, this.terminalId);
    if (!shift) {
      shift = { id: randomUUID(), operatorId, terminalId: this.terminalId, openedAt: this.now() };
      this.shifts.insert(shift);
    }
    this.kv.set(CURRENT, shift.id);
    const { pinHash: _hidden, ...operator } = o;
    return ok({ operator, shift });
  }

  /**
   * Who is at the counter, checked at every action: an operator disabled while her shift was
   * open gets her shift closed (its charges kept and still watched) and the counter back to the prompt.
   */
  current(): Result<AtCounter | undefined> {
    if (!this.enabled()) return ok(undefined);
    const id = this.kv.get<string>(CURRENT);
    const shift = id ? this.shifts.get(id) : undefined;
    if (!shift || shift.closedAt) return err('auth', 'SHIFT_NOT_OPEN');
    const o = this.operators.get(shift.operatorId);
    if (!o?.active) {
      this.closeNow(shift);
      this.kv.delete(CURRENT);
      return err('auth', 'OPERATOR_DISABLED');
    }
    const { pinHash: _hidden, ...operator } = o;
    return ok({ operator, shift });
  }

  /**
   * Tags a charge just created (any path: Caixa, PDV local API, TEF Dial) with the operator at the
   * counter and her shift. Only a new charge (still waiting, created during the shift; the first published view is
   * PENDING, once the PSP answered; the row is tagged once):
   * a later event of an older charge never moves it to whoever is at the counter now.
   */
  tagNew(c: { id: string; status: string; createdAt: number }): void {
    if (!['DRAFT', 'SUBMITTING', 'PENDING', 'UNCERTAIN'].includes(c.status)) return;
    const at = this.current();
    if (!at.ok || !at.value || c.createdAt < at.value.shift.openedAt) return;
    this.shifts.tagCharge(c.id, at.value.operator.id, at.value.shift.id);
  }

  /** Who rang each charge (and in which shift), for Histórico's operator column and rights. */
  tagsOf(chargeIds: readonly string[]): Map<string, { name: string; shiftId: string }> {
    return this.shifts.operatorNames(chargeIds);
  }

  /**
   * The shift a screen is limited to: none for a shop without operators or an unlocked owner;
   * else the one of whoever is at the counter (nobody there: refused, SHIFT_NOT_OPEN).
   */
  counterShift(ownerUnlocked: boolean): Result<string | undefined> {
    if (!this.enabled() || ownerUnlocked) return ok(undefined);
    const at = this.current();
    if (!at.ok) return at;
    return at.value ? ok(at.value.shift.id) : err('auth', 'SHIFT_NOT_OPEN');
  }

  /**
   * Cancelling a charge (issue 36): with operators, the owner unlocked or a supervisor at the
   * counter; a cashier is refused in words (SUPERVISOR_ONLY). Without operators, as before.
   */
  mayCancel(ownerUnlocked: boolean): Result<true> {
    if (!this.enabled() || ownerUnlocked) return ok(true);
    const at = this.current();
    if (!at.ok) return at;
    if (!at.value) return err('auth', 'SHIFT_NOT_OPEN');
    return at.value.operator.role === 'supervisor' ? ok(true) : err('auth', 'SUPERVISOR_ONLY');
  }

  /** Back to the prompt (switch, idle lock): the shift stays open, nothing else changes. */
  lock(): void {
    this.kv.delete(CURRENT);
  }

  /**
   * Fechar turno: the operator herself, a supervisor at the counter, or the owner. Returns the
   * summary that is shown, printed and exported.
   */
  closeShift(shiftId: string): Result<ShiftSummary & { operatorName?: string }> {
    const shift = this.shifts.get(shiftId);
    if (!shift) return err('not_found', 'SHIFT_NOT_OPEN');
    if (!this.requireOwner().ok) {
      const at = this.current();
      if (!at.ok) return at;
      if (!at.value) return err('auth', 'OWNER_LOCKED');
      const mayClose = at.value.shift.id === shiftId || at.value.operator.role === 'supervisor';
      if (!mayClose) return err('auth', 'OWNER_LOCKED');
    }
    // Her name rides along for the screen, the paper and the CSV (a renamed operator: the new one).
    const operatorName = this.operators.get(shift.operatorId)?.name;
    if (shift.closedAt && shift.summary) return ok({ ...shift.summary, operatorName });
    const summary = this.closeNow(shift);
    if (this.kv.get<string>(CURRENT) === shiftId) this.kv.delete(CURRENT);
    return ok({ ...summary, operatorName });
  }

  private closeNow(shift: ShiftRecord): ShiftSummary {
    const closedAt = this.now();
    const summary = shiftSummary(this.shifts.chargesOf(shift.id), this.shifts.refundsOf(shift.id), {
      ...shift,
      closedAt,
    });
    this.shifts.close(shift.id, closedAt, summary);
    return summary;
  }

  private attemptsOf(operatorId: string): PinAttempts {
    let a = this.attempts.get(operatorId);
    if (!a) {
      a = new PinAttempts(this.kv, this.now, `operator.${operatorId}.pinFailures`);
      this.attempts.set(operatorId, a);
    }
    return a;
  }
}

function validate(p: Partial<OperatorInput>) {
  if (p.name !== undefined && !p.name.trim())
    return err('validation', 'OPERATOR_NAME_EMPTY', { field: 'name' });
  if (p.pin !== undefined && !/^\d{4,8}$/.test(p.pin))
    return err('validation', 'PIN_FORMAT', { field: 'pin' });
  if (p.role !== undefined && p.role !== 'cashier' && p.role !== 'supervisor')
    return err('validation', 'SETTINGS_INVALID', { field: 'role' });
  return undefined;
}
