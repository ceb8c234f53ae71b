import { err, ok, type Result } from '../../../shared/result';
import type { DefensesRepo } from '../ledger/defenses-repo';
import type { DefenseInput } from '../psp/client';
import type { InfractionPage } from '../psp/replies';

export interface InfractionPsp {
  infractions(page: number, perPage: number): Promise<Result<InfractionPage>>;
  sendDefense(i: DefenseInput): Promise<Result<{ message?: string }>>;
}

/** The defense's bounds (settings `psp.defense`: A5, or 1–10 proofs for cics-pt). */
export interface DefenseRules {
  minProofs: number;
  maxProofs: number;
  minJustification: number;
}
const A5_RULES: DefenseRules = { minProofs: 0, maxProofs: 10, minJustification: 10 };

/** MED infractions: list (A4) and defend (A5), every defense recorded in the ledger first. */
export class InfractionService {
  constructor(
    private readonly psp: () => InfractionPsp,
    private readonly defenses: DefensesRepo,
    private readonly now: () => number = Date.now,
    private readonly rules: () => DefenseRules = () => A5_RULES,
  ) {}

  async list(page: number, perPage: number) {
    const r = await this.psp().infractions(page, perPage);
    if (!r.ok) return r;
    const sent = this.defenses.latest();
    return ok({
      ...r.value,
      items: r.value.items.map((i) => {
        const d = sent.get(i.infractionId);
        return {
          ...i,
          defended: !!d,
          ...(d && {
            defense: {
              analise: d.analise,
              justificativa: d.justificativa,
              proofs: d.proofs,
              sentAt: d.sentAt,
              status: d.status,
            },
          }),
        };
      }),
    });
  }

  async defend(i: DefenseInput): Promise<Result<{ infractionId: string; message?: string }>> {
    const rules = this.rules();
    const justificativa = i.justificativa.trim();
    if (justificativa.length < rules.minJustification || justificativa.length > 2000) {
      return err('validation', 'JUSTIFICATIVA_LENGTH', {
        field: 'justificativa',
        params: { min: rules.minJustification },
      });
    }
    const proofs = i.proofs.map((p) => p.trim()).filter(Boolean);
    if (proofs.length > rules.maxProofs)
      return err('validation', 'PROOFS_TOO_MANY', {
        field: 'proofs',
        params: { max: rules.maxProofs },
      });
    if (proofs.length < rules.minProofs)
      return err('validation', 'PROOFS_TOO_FEW', {
        field: 'proofs',
        params: { min: rules.minProofs },
      });
    for (const p of proofs) {
      let https = false;
      try {
        https = new URL(p).protocol === 'https:';
      } catch {
        // not a URL
      }
      if (!https)
        return err('validation', 'PROOF_NOT_HTTPS', {
          field: 'proofs',
          params: { proof: p },
        });
    }
    if (this.defenses.defended().has(i.infractionId)) {
      return err('conflict', 'DEFENSE_ALREADY_SENT');
    }
    const row = this.defenses.insert({
      infractionId: i.infractionId,
      analise: i.analise,
      justificativa,
      proofs,
      status: 'SENDING',
      sentAt: this.now(),
    });
    const r = await this.psp().sendDefense({ ...i, justificativa, proofs });
    if (r.ok) {
      this.defenses.finish(row, 'SENT', r.value.message);
      return ok({
        infractionId: i.infractionId,
        ...(r.value.message !== undefined && { message: r.value.message }),
      });
    }
    this.defenses.finish(row, r.kind === 'uncertain' ? 'UNCERTAIN' : 'FAILED', r.code);
    return r;
  }
}
