import type { Db } from '../ledger/database';
import type { LedgerFacts } from '../ledger/ledger';
import type { PinHash } from '../owner/owner-service';

export type OperatorRole = 'cashier' | 'supervisor';

/** An operator as every screen may see her: never her PIN hash. */
export interface OperatorView {
  id: string;
  name: string;
  role: OperatorRole;
  active: boolean;
}

interface Row {
  id: string;
  name: string;
  pin_hash: string;
  role: OperatorRole;
  active: number;
}

const view = (r: Row): OperatorView => ({
  id: r.id,
  name: r.name,
  role: r.role,
  active: r.active === 1,
});

/** The `operators` table (issue 36): the shop's cashiers and supervisors. */
export class OperatorsRepo {
  /** `facts`: the shop journal, told of every roster change inside the same transaction. */
  constructor(
    private readonly db: Db,
    private readonly facts: () => LedgerFacts = () => ({}),
  ) {}

  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM operators').pluck().get() as number;
  }

  list(): OperatorView[] {
    return (this.db.prepare('SELECT * FROM operators ORDER BY name').all() as Row[]).map(view);
  }

  get(id: string): (OperatorView & { pinHash: PinHash }) | undefined {
    const r = this.db.prepare('SELECT * FROM operators WHERE id = ?').get(id) as Row | undefined;
    return r && { ...view(r), pinHash: JSON.parse(r.pin_hash) as PinHash };
  }

  insert(o: OperatorView & { pinHash: PinHash }, at: number): void {
    this.db.transaction(() => {
      this.db
        .prepare(
          `INSERT INTO operators (id, name, pin_hash, role, active, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
        )
        .run(o.id, o.name, JSON.stringify(o.pinHash), o.role, o.active ? 1 : 0, at, at);
      // The verifier travels so counters can let her in (docs/journal.md, "The roster at counters").
      this.facts().operatorAdded?.({
        id: o.id,
        name: o.name,
        roster: { role: o.role, pinHash: o.pinHash },
      });
      this.facts().rosterChanged?.();
    })();
  }

  update(
    id: string,
    p: { name?: string; role?: OperatorRole; active?: boolean; pinHash?: PinHash },
    at: number,
  ): void {
    const wasActive = this.get(id)?.active;
    this.db.transaction(() => {
      this.db
        .prepare(
          `UPDATE operators SET name = COALESCE(?, name), role = COALESCE(?, role),
         active = COALESCE(?, active), pin_hash = COALESCE(?, pin_hash), updated_at = ? WHERE id = ?`,
        )
        .run(
          p.name ?? null,
          p.role ?? null,
          p.active === undefined ? null : p.active ? 1 : 0,
          p.pinHash ? JSON.stringify(p.pinHash) : null,
          at,
          id,
        );
      const now = this.get(id);
      if (now && wasActive && !now.active)
        this.facts().operatorDisabled?.({ id: now.id, name: now.name });
      this.facts().rosterChanged?.();
    })();
  }
}
