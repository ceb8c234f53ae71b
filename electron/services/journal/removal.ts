// Removing a terminal from the shop (issue 36: "a terminal removed from the shop stops being able
// to write"), on the owner's Balcão: its row in journal_members keeps the highest seq this Balcão
// kept from it (applied or waiting for its turn), so what it wrote before stays in the owner's
// figures and anything it signs later — validly — is refused by the reader as `removed-terminal`
// and counted. Key rotation (a new epoch for the others) is not built yet (docs/journal.md).
import { err, ok, type Result } from '../../../shared/result';
import type { Db } from '../ledger/database';

export function removeMember(db: Db, terminal: string, self: string): Result<{ lastSeq: number }> {
  if (terminal === self) return err('validation', 'SHOP_TERMINAL_SELF');
  return db.transaction((): Result<{ lastSeq: number }> => {
    const member = db
      .prepare('SELECT last_seq FROM journal_members WHERE terminal = ?')
      .get(terminal) as { last_seq: number | null } | undefined;
    if (!member) return err('not_found', 'SHOP_TERMINAL_UNKNOWN');
    // Removed already: the first removal's point stands (a second one must not move it up).
    if (member.last_seq !== null) return ok({ lastSeq: member.last_seq });
    const { top } = db
      .prepare('SELECT MAX(seq) AS top FROM journal_entries WHERE terminal = ?')
      .get(terminal) as { top: number | null };
    const lastSeq = top ?? 0;
    db.prepare('UPDATE journal_members SET last_seq = ? WHERE terminal = ?').run(lastSeq, terminal);
    return ok({ lastSeq });
  })();
}
