import type { CallbackPolicy, CallbackSettings } from '../../../shared/psp-settings';
import type { ChargeService } from '../charges/charge-service';
import type { Ledger } from '../ledger/ledger';
import type { WithdrawalService } from '../withdrawals/withdrawal-service';
import { refusalOfOutcome } from '../../../shared/domain/callback-refusals';
import { noticeOutcome } from './notice-kind';
import { selfTestNonce } from '../../../shared/domain/self-test';
import type { CallbackBodyInput } from './body-bytes';
import { isInfractionEvent, readCallback } from './policy';
import { receiveCallback, type ReceivedCallback } from './received';
import { boundIds, refusedFacts } from './refusal-facts';
import { DEFAULT_ID_FIELDS, type CallbackBody, type Headers, type SecretRing } from './verify';

export interface RawCallback {
  headers: Headers;
  /** The body as received: bytes (exact), or text when it came as UTF-8 text. */
  body: CallbackBodyInput;
}

export type IntakeResult =
  | { accepted: true; eventId: string; outcome: string; duplicate: boolean }
  | { accepted: false; code: string };

export interface CallbackIntakeDeps {
  ledger: Ledger;
  charges: ChargeService;
  withdrawals: WithdrawalService;
  secrets: () => Promise<SecretRing | null>;
  settings: () => CallbackSettings;
  now?: () => number;
  /** `hmac` (default) or `confirm-by-query` (docs/psp-compatibility.md). */
  policy?: () => CallbackPolicy;
  idFields?: () => readonly string[];
  /**
   * confirm-by-query: a callback named this charge; ask the status query (after commit). The
   * body goes along: an API Pix webhook names the PIX's endToEndId, the fastest read of it.
   */
  onHint?: (chargeId: string, body: CallbackBody) => void;
  /**
   * A callback refused and kept (after commit), with the charge it named if one exists here:
   * the owner is told, and the status query asked about that charge (issue 20).
   */
  onRefused?: (r: { code: string; chargeId?: string }) => void;
  /** A MED callback (after commit). */
  onInfraction?: (body: CallbackBody, trusted: boolean) => void;
}

/**
 * Every callback, from the relay or a direct receiver, passes here: verify the HMAC and the
 * timestamp before anything else; then, in one transaction, record the event id (each applied
 * once), apply it to its charge or withdrawal, and advance the relay cursor when given.
 * Refused callbacks (forged, stale, unreadable, or naming nothing known) are kept with their
 * reason and ids, and reported to `onRefused`.
 */
export class CallbackIntake {
  private readonly now: () => number;

  constructor(private readonly deps: CallbackIntakeDeps) {
    this.now = deps.now ?? Date.now;
  }

  async handle(
    raw: RawCallback,
    source: string,
    cursor?: { channel: string; eventId: string },
  ): Promise<IntakeResult> {
    // Read once, here: everything below reads this one value (received.ts).
    const cb = receiveCallback(raw);
    // `Testar conexão`'s self-test: proof the path works, never a payment, whoever sent it.
    const json = () => (cb.json.ok ? cb.json.value : undefined);
    if (selfTestNonce(cb.text, json) !== null) return this.selfTest(cursor);
    const policy = this.deps.policy?.() ?? 'hmac';
    const secrets = policy === 'hmac' ? await this.deps.secrets() : null;
    const v = readCallback(
      policy,
      cb,
      secrets,
      this.deps.settings(),
      this.now(),
      this.deps.idFields?.() ?? DEFAULT_ID_FIELDS,
    );
    if (!v.ok) return this.reject(v.code, cb, source, cursor);
    const { eventId, body, trusted } = v.value;
    const refusal = trusted ? this.amountRefusal(body) : undefined;
    if (refusal) return this.reject(refusal, cb, source, cursor);
    const { ledger } = this.deps;
    // The charge's news (publish, `Pago`, alerts) runs only once this transaction committed:
    // if the commit fails, no screen shows a payment the ledger does not hold.
    let after = () => {};
    const result = ledger.tx((): IntakeResult => {
      if (cursor) ledger.events.setCursor(cursor.channel, cursor.eventId, this.now());
      if (ledger.events.seen(eventId))
        return { accepted: true, eventId, outcome: 'duplicate', duplicate: true };
      let outcome: string = 'no-status';
      if (isInfractionEvent(body)) {
        outcome = 'infraction';
        after = () => this.deps.onInfraction?.(body, trusted);
      } else if (!trusted) {
        // confirm-by-query: never applied to a charge; only the status query's answer is.
        // Each charge it names (an API Pix webhook may group several PIX of one key).
        const named = new Set(
          body.ids.map((id) => ledger.charges.findByAnyId([id])?.id).filter((id) => !!id),
        ) as Set<string>;
        if (named.size > 0) {
          outcome = 'hint';
          after = () => named.forEach((id) => this.deps.onHint?.(id, body));
        } else if (body.status) {
          outcome = this.deps.withdrawals.applyStatus(body.ids, body.status);
        } else outcome = noticeOutcome(body) ?? 'unknown-charge';
      } else if (body.status) {
        const extra = {
          ...(body.feeCents !== undefined && { feeCents: body.feeCents }),
          ...(body.amountCents !== undefined && { amountCents: body.amountCents }),
        };
        const applied = this.deps.charges.applyStatusInTx(body.ids, body.status, source, extra);
        outcome = applied.outcome;
        after = applied.after;
        if (outcome === 'unknown-charge')
          outcome = this.deps.withdrawals.applyStatus(body.ids, body.status);
      }
      ledger.events.record({
        eventId,
        source,
        ...(body.transactionId !== undefined && { recordId: body.transactionId }),
        ...(body.status !== undefined && { status: body.status }),
        outcome,
        at: this.now(),
      });
      // Authentic but not applied (an id or a status we do not know): a refusal the owner sees.
      const refusal = refusalOfOutcome(outcome);
      if (refusal) {
        const chargeId = ledger.charges.findByAnyId(body.ids)?.id;
        ledger.events.keepRefusal({
          at: this.now(),
          code: refusal,
          source,
          eventId,
          ids: boundIds(body.ids),
          ...(chargeId && { chargeId }),
        });
        const applied = after;
        after = () => {
          applied();
          this.deps.onRefused?.({ code: refusal, ...(chargeId && { chargeId }) });
        };
      }
      return { accepted: true, eventId, outcome, duplicate: false };
    });
    after();
    return result;
  }

  /** A charge's paid status whose amount is R$ 0,00, negative or not a number: refused, never paid. */
  private amountRefusal(body: CallbackBody): string | undefined {
    if (!body.amountRefusal || !body.status || isInfractionEvent(body)) return undefined;
    if (!this.deps.charges.readsPaid(body.status)) return undefined;
    return this.deps.ledger.charges.findByAnyId(body.ids) ? body.amountRefusal : undefined;
  }

  private selfTest(cursor?: { channel: string; eventId: string }): IntakeResult {
    if (cursor)
      this.deps.ledger.tx(() =>
        this.deps.ledger.events.setCursor(cursor.channel, cursor.eventId, this.now()),
      );
    return { accepted: false, code: 'SELF_TEST' };
  }

  /** No line per refusal here: under a flood the log gets one aggregated line (onRefused). */
  private reject(
    code: string,
    cb: ReceivedCallback,
    source: string,
    cursor?: { channel: string; eventId: string },
  ): IntakeResult {
    const { ledger } = this.deps;
    const facts = refusedFacts(
      cb,
      this.deps.settings(),
      this.deps.idFields?.() ?? DEFAULT_ID_FIELDS,
    );
    const chargeId = ledger.tx(() => {
      const id = facts.ids.length ? ledger.charges.findByAnyId(facts.ids)?.id : undefined;
      ledger.events.countRejection(code);
      ledger.events.keepRefusal({
        at: this.now(),
        code,
        source,
        ...(facts.eventId && { eventId: facts.eventId }),
        ids: facts.ids,
        ...(id && { chargeId: id }),
      });
      // A forged event still moves the cursor: it will never become valid on a resend.
      if (cursor) ledger.events.setCursor(cursor.channel, cursor.eventId, this.now());
      return id;
    });
    this.deps.onRefused?.({ code, ...(chargeId && { chargeId }) });
    return { accepted: false, code };
  }
}
