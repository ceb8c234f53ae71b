import type { CallbackPolicy, CallbackSettings } from '../../../shared/psp-settings';
import type { ChargeService } from '../charges/charge-service';
import type { Ledger } from '../ledger/ledger';
import { silentLogger, type Logger } from '../log';
import type { WithdrawalService } from '../withdrawals/withdrawal-service';
import { selfTestNonce } from '../../../shared/domain/self-test';
import { bodyText, type CallbackBodyInput } from './body-bytes';
import { isInfractionEvent, readCallback } from './policy';
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
  logger?: Logger;
  /** `hmac` (default) or `confirm-by-query` (docs/psp-compatibility.md). */
  policy?: () => CallbackPolicy;
  idFields?: () => readonly string[];
  /** confirm-by-query: a callback named this charge; ask the status query (after commit). */
  onHint?: (chargeId: string) => void;
  /** A MED callback (after commit). */
  onInfraction?: (body: CallbackBody, trusted: boolean) => void;
}

/**
 * Every callback, from the relay or a direct receiver, passes here: verify the HMAC and the
 * timestamp before anything else; then, in one transaction, record the event id (each applied
 * once), apply it to its charge or withdrawal, and advance the relay cursor when given.
 * Rejected callbacks are counted by reason.
 */
export class CallbackIntake {
  private readonly now: () => number;
  private readonly logger: Logger;

  constructor(private readonly deps: CallbackIntakeDeps) {
    this.now = deps.now ?? Date.now;
    this.logger = deps.logger ?? silentLogger;
  }

  async handle(
    raw: RawCallback,
    source: string,
    cursor?: { channel: string; eventId: string },
  ): Promise<IntakeResult> {
    // `Testar conexão`'s self-test: proof the path works, never a payment, whoever sent it.
    if (selfTestNonce(bodyText(raw.body, undefined)) !== null) return this.selfTest(cursor);
    const policy = this.deps.policy?.() ?? 'hmac';
    const secrets = policy === 'hmac' ? await this.deps.secrets() : null;
    const v = readCallback(
      policy,
      raw.headers,
      raw.body,
      secrets,
      this.deps.settings(),
      this.now(),
      this.deps.idFields?.() ?? DEFAULT_ID_FIELDS,
    );
    if (!v.ok) return this.reject(v.code, cursor);
    const { eventId, body, trusted } = v.value;
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
          after = () => named.forEach((id) => this.deps.onHint?.(id));
        } else if (body.status) {
          outcome = this.deps.withdrawals.applyStatus(body.ids, body.status);
        } else outcome = 'unknown-charge';
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
      return { accepted: true, eventId, outcome, duplicate: false };
    });
    after();
    return result;
  }

  private selfTest(cursor?: { channel: string; eventId: string }): IntakeResult {
    if (cursor)
      this.deps.ledger.tx(() =>
        this.deps.ledger.events.setCursor(cursor.channel, cursor.eventId, this.now()),
      );
    return { accepted: false, code: 'SELF_TEST' };
  }

  private reject(code: string, cursor?: { channel: string; eventId: string }): IntakeResult {
    this.logger.warn('callback rejected', { code });
    this.deps.ledger.tx(() => {
      this.deps.ledger.events.countRejection(code);
      // A forged event still moves the cursor: it will never become valid on a resend.
      if (cursor) this.deps.ledger.events.setCursor(cursor.channel, cursor.eventId, this.now());
    });
    return { accepted: false, code };
  }
}
