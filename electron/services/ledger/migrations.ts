/**
 * Versioned schema migrations, applied in order inside one transaction each; the applied
 * version is SQLite's `user_version`. Never edit a released migration: add the next one.
 */
export const MIGRATIONS: readonly string[] = [
  /* 1 */ `
  CREATE TABLE charges (
    id TEXT PRIMARY KEY,
    external_id TEXT NOT NULL UNIQUE,
    operation TEXT NOT NULL CHECK (operation IN ('deposit', 'transaction')),
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    description TEXT,
    payer_json TEXT,
    payer_name TEXT,
    payer_document_masked TEXT,
    status TEXT NOT NULL,
    psp_transaction_id TEXT,
    psp_status TEXT,
    brcode TEXT,
    fee_cents INTEGER,
    notice_code TEXT,
    notice_text TEXT,
    flags TEXT NOT NULL DEFAULT '',
    attempts INTEGER NOT NULL DEFAULT 0,
    terminal_id TEXT NOT NULL,
    demo INTEGER NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    expires_at INTEGER NOT NULL
  );
  CREATE INDEX charges_status ON charges (status);
  CREATE INDEX charges_created ON charges (created_at);
  CREATE INDEX charges_psp_id ON charges (psp_transaction_id);

  CREATE TABLE charge_history (
    id INTEGER PRIMARY KEY,
    charge_id TEXT NOT NULL REFERENCES charges (id),
    from_status TEXT,
    to_status TEXT NOT NULL,
    source TEXT NOT NULL,
    detail TEXT,
    at INTEGER NOT NULL
  );
  CREATE INDEX charge_history_charge ON charge_history (charge_id);

  CREATE TABLE callback_events (
    event_id TEXT PRIMARY KEY,
    received_at INTEGER NOT NULL,
    source TEXT NOT NULL,
    record_id TEXT,
    status TEXT,
    outcome TEXT NOT NULL
  );

  CREATE TABLE callback_rejections (
    code TEXT PRIMARY KEY,
    count INTEGER NOT NULL
  );

  CREATE TABLE relay_cursor (
    channel TEXT PRIMARY KEY,
    last_event_id TEXT NOT NULL,
    updated_at INTEGER NOT NULL
  );

  CREATE TABLE withdrawals (
    id TEXT PRIMARY KEY,
    external_id TEXT NOT NULL UNIQUE,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    pix_key_type TEXT NOT NULL,
    pix_key TEXT NOT NULL,
    description TEXT,
    status TEXT NOT NULL,
    psp_id TEXT,
    psp_status TEXT,
    notice_code TEXT,
    notice_text TEXT,
    flags TEXT NOT NULL DEFAULT '',
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX withdrawals_psp_id ON withdrawals (psp_id);

  CREATE TABLE defenses (
    id INTEGER PRIMARY KEY,
    infraction_id TEXT NOT NULL,
    analise TEXT NOT NULL,
    justificativa TEXT NOT NULL,
    proofs_json TEXT NOT NULL,
    status TEXT NOT NULL,
    result_message TEXT,
    sent_at INTEGER NOT NULL
  );
  CREATE INDEX defenses_infraction ON defenses (infraction_id);

  CREATE TABLE kv (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
  );
  `,
  /* 2 */ `
  -- Local expiry looks up only the pending charges that are due (it runs every second).
  CREATE INDEX charges_pending_expiry ON charges (status, expires_at);
  `,
  /* 3 */ `
  -- The charge lifecycle (shared/domain/charge-lifecycle.ts): statuses deferred while a request
  -- is in flight leave the visible flags; a late payment says after what; a cancel says who/when;
  -- notices are codes (notice_text stays for old rows) with the PSP's error code as reason.
  ALTER TABLE charges ADD COLUMN deferred TEXT NOT NULL DEFAULT '';
  ALTER TABLE charges ADD COLUMN paid_after TEXT;
  ALTER TABLE charges ADD COLUMN canceled_by TEXT;
  ALTER TABLE charges ADD COLUMN canceled_at INTEGER;
  ALTER TABLE charges ADD COLUMN notice_reason TEXT;
  `,
  /* split */ `
  -- The split (splitUser, splitTax) and gateway sent with a /transactions/create charge.
  ALTER TABLE charges ADD COLUMN split_json TEXT;
  ALTER TABLE charges ADD COLUMN gateway TEXT;
  `,
  /* closing by paid day */ `
  -- Fechamento counts a payment (and a refund) on the day it happened: the day's moves to
  -- PAID/REFUNDED by time, read from the index alone (ledger/closing-rows.ts).
  CREATE INDEX charge_history_status_at ON charge_history (to_status, at, charge_id, from_status);
  `,
  /* pdv exchange */ `
  -- The PDV's TEF Dial requests (electron/services/pdv/): one row per sale, cancel or denial,
  -- the answer kept until it is written, so a crash between payment and answer loses nothing.
  CREATE TABLE pdv_exchanges (
    id TEXT PRIMARY KEY,
    command TEXT NOT NULL,
    identifier TEXT NOT NULL,
    state TEXT NOT NULL,
    charge_id TEXT,
    nsu TEXT,
    -- 1 while an answer is decided but not yet renamed into resp/ (written at the next pass).
    answer_pending INTEGER NOT NULL DEFAULT 0,
    data TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  CREATE INDEX pdv_exchanges_state ON pdv_exchanges (state, created_at);
  CREATE INDEX pdv_exchanges_created ON pdv_exchanges (created_at);
  CREATE INDEX pdv_exchanges_charge ON pdv_exchanges (charge_id);
  CREATE INDEX pdv_exchanges_pending ON pdv_exchanges (answer_pending) WHERE answer_pending = 1;
  `,
  /* withdrawal receiver */ `
  -- The receiver's CPF/CNPJ (unmasked) and name some PSPs require for a key type (VeoPag's
  -- taxId for e-mail, phone and random keys): kept with the withdrawal, so a resend after a
  -- restart carries them as the first send did.
  ALTER TABLE withdrawals ADD COLUMN receiver_document TEXT;
  ALTER TABLE withdrawals ADD COLUMN receiver_name TEXT;
  `,
  /* received amount */ `
  -- What the PSP says was paid (cents), when it says it: a payment of another amount is
  -- PAID_DIFFERENT_AMOUNT, and Fechamento counts what arrived, not what was charged.
  ALTER TABLE charges ADD COLUMN received_cents INTEGER;
  `,
  /* refused callbacks */ `
  -- Refused callbacks (issue 20): each one with its time, reason and ids, the last 500 kept
  -- (older rows dropped at each insert), and the count per local day and reason for the notice.
  CREATE TABLE callback_refusals (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    at INTEGER NOT NULL,
    code TEXT NOT NULL,
    source TEXT NOT NULL,
    event_id TEXT,
    ids TEXT NOT NULL,
    charge_id TEXT
  );
  CREATE TABLE callback_refusal_days (
    day TEXT NOT NULL,
    code TEXT NOT NULL,
    count INTEGER NOT NULL,
    PRIMARY KEY (day, code)
  );
  `,
  /* refunds (API Pix devolução) */ `
  -- The payment's end-to-end id (GET /cob's pix[], the received-PIX list): a devolução names it.
  ALTER TABLE charges ADD COLUMN end_to_end_id TEXT;
  -- One row per devolução, our id saved before the request goes out (a retry reuses it), or per
  -- withdrawal made as a refund (the family kind): Histórico and Fechamento read them.
  CREATE TABLE refunds (
    id TEXT PRIMARY KEY,
    charge_id TEXT NOT NULL REFERENCES charges (id),
    end_to_end_id TEXT,
    withdrawal_id TEXT,
    amount_cents INTEGER NOT NULL CHECK (amount_cents > 0),
    status TEXT NOT NULL,
    psp_status TEXT,
    notice_code TEXT,
    attempts INTEGER NOT NULL DEFAULT 0,
    demo INTEGER NOT NULL DEFAULT 0,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL,
    done_at INTEGER
  );
  CREATE INDEX refunds_charge ON refunds (charge_id);
  CREATE INDEX refunds_done ON refunds (status, done_at);
  `,
  /* DEMO withdrawals kept apart (issue 34, D3) */ `
  -- A withdrawal made in DEMO (the embedded sandbox): never in a live shop's Fechamento.
  ALTER TABLE withdrawals ADD COLUMN demo INTEGER NOT NULL DEFAULT 0;
  `,
  /* operators and shifts (issue 36, Deliver 1-2) */ `
  -- The shop's cashiers: each with her own salted scrypt PIN hash (JSON, as the owner PIN's) and
  -- a role; a disabled operator keeps her row so old sales still name her.
  CREATE TABLE operators (
    id TEXT PRIMARY KEY,
    name TEXT NOT NULL,
    pin_hash TEXT NOT NULL,
    role TEXT NOT NULL CHECK (role IN ('cashier', 'supervisor')),
    active INTEGER NOT NULL DEFAULT 1,
    created_at INTEGER NOT NULL,
    updated_at INTEGER NOT NULL
  );
  -- One row per shift at this terminal; summary_json is the closing written when it ends.
  CREATE TABLE shifts (
    id TEXT PRIMARY KEY,
    operator_id TEXT NOT NULL REFERENCES operators (id),
    terminal_id TEXT NOT NULL,
    opened_at INTEGER NOT NULL,
    closed_at INTEGER,
    summary_json TEXT
  );
  CREATE INDEX shifts_open ON shifts (terminal_id, closed_at);
  -- Who rang a charge or asked a refund (NULL = anonymous cashier, as before operators).
  ALTER TABLE charges ADD COLUMN operator_id TEXT;
  ALTER TABLE charges ADD COLUMN shift_id TEXT;
  ALTER TABLE refunds ADD COLUMN operator_id TEXT;
  ALTER TABLE refunds ADD COLUMN shift_id TEXT;
  `,
  /* cobv: a charge with a due date (issue 37) */ `
  -- The API Pix cobv terms a charge was sent with (JSON; NULL for every other charge).
  ALTER TABLE charges ADD COLUMN cobv_json TEXT;
  `,
  /* shop journal transport (issue 36, Deliver 3) */ `
  -- This terminal's outbox: each fact sealed once, in the fact's transaction, numbered in order;
  -- sent_at set when the relay stored it. entry_id is deterministic (kind + subject), so the
  -- same fact recorded again is ignored.
  CREATE TABLE journal_outbox (
    seq INTEGER PRIMARY KEY,
    entry_id TEXT NOT NULL UNIQUE,
    envelope TEXT NOT NULL,
    created_at INTEGER NOT NULL,
    sent_at INTEGER
  );
  CREATE INDEX journal_outbox_unsent ON journal_outbox (sent_at, seq);
  -- What this Balcão read from the shop journal: every authenticated entry, applied = released
  -- in its terminal's seq order (a gap holds the ones after it).
  CREATE TABLE journal_entries (
    terminal TEXT NOT NULL,
    seq INTEGER NOT NULL,
    entry_id TEXT NOT NULL UNIQUE,
    kind TEXT NOT NULL,
    entry_json TEXT NOT NULL,
    -- the envelope's signature: a byte-identical second copy (a retried POST) is dropped
    sig TEXT NOT NULL,
    applied INTEGER NOT NULL,
    PRIMARY KEY (terminal, seq)
  );
  CREATE TABLE journal_refusals (reason TEXT PRIMARY KEY, count INTEGER NOT NULL);
  -- The shop's terminals as the owner paired them: public keys only (private keys and the shop
  -- key live in the keychain); last_seq set when removed.
  CREATE TABLE journal_members (
    terminal TEXT PRIMARY KEY,
    public_key TEXT NOT NULL,
    last_seq INTEGER,
    added_at INTEGER NOT NULL
  );
  -- Pairing codes the owner made: their hash only, one use, short-lived.
  CREATE TABLE journal_pairings (
    code_id TEXT PRIMARY KEY,
    expires_at INTEGER NOT NULL,
    used_at INTEGER,
    terminal TEXT
  );
  `,
  // Issue 36, the counters' heartbeat: when an entry reached the owner, by the owner's clock (a
  // counter whose clock is off is still placed right as "seen N minutes ago").
  `
  ALTER TABLE journal_entries ADD COLUMN received_at INTEGER;
  `,
  // Issue 36, a new shop key after a removal: each counter's X25519 public key (rekey.ts), sent
  // in its pairing request; NULL for counters paired before (they pair again to get one).
  `
  ALTER TABLE journal_members ADD COLUMN box_key TEXT;
  `,
];
