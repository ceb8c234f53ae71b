// The shape of a terminal's services (AppCore) and of what builds them (AppCoreOptions),
// apart from the composition in app-core.ts so both stay readable.
import type { PspCapabilities } from '../../../shared/psp-capabilities';
import type { PrinterKind } from '../../../shared/domain/printer-target';
import type { PspPresetId } from '../../../shared/psp-presets';
import type { AppSettings } from '../../../shared/settings';
import type { CallOutput } from '../../../shared/ipc-contract';
import type { ConnectionStatus } from '../../../shared/views';
import type { Result } from '../../../shared/result';
import type { AccountService } from '../account/account-service';
import type { InfractionService } from '../account/infraction-service';
import type { CallbackIntake } from '../callbacks/intake';
import type { RefusalNews } from '../callbacks/refusal-news';
import type { RefusalReason } from '../../../shared/domain/callback-refusals';
import type { ChargeService } from '../charges/charge-service';
import type { ReceiverPins } from '../charges/receiver-pins';
import type { AppEvents } from '../events';
import type { GoLiveService } from '../golive/golive-service';
import type { HealthService } from '../health/health-service';
import type { HistoryService } from '../history/history-service';
import type { ShopViewService } from '../shop-view/shop-view-service';
import type { SalesSeriesService } from '../history/sales-series-service';
import type { Ledger } from '../ledger/ledger';
import type { ShopJournal } from '../journal/shop-journal';
import type { Logger, LogSink, Redactor } from '../log';
import type { OperatorService } from '../operators/operator-service';
import type { OwnerService } from '../owner/owner-service';
import type { ApiToken } from '../pdv/api-token';
import type { PdvApi } from '../pdv/pdv-api';
import type { TefExchange } from '../pdv/tef-exchange';
import type { ReceiptPrinter } from '../printing/receipt-printer';
import type { QueryBudget } from '../psp/status-query-gate';
import type { ReceivedPixReconciler } from '../reconciliation/received-pix';
import type { Reconciler } from '../reconciliation/reconciler';
import type { RefundService } from '../refunds/refund-service';
import type { CredentialsService } from '../secrets/credentials-service';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsService } from '../settings-service';
import type { WithdrawalService } from '../withdrawals/withdrawal-service';
import type { DemoPsp, Mode, PspOverride } from './psp-selection';

export interface AppCoreOptions {
  dataDir: string;
  secrets: SecretStore;
  host: 'electron' | 'browser';
  version: string;
  now?: () => number;
  logSink?: LogSink;
  /** Starts the embedded PSP; called only while the terminal is in DEMO mode. */
  startDemo?: (dataDir: string) => Promise<DemoPsp>;
  /** The development host's `--psp`: that PSP, with credentials from the environment. */
  pspOverride?: PspOverride;
  /** A relay to read callbacks from, instead of the settings' one (the development host's embedded relay). */
  relay?: { url: string; channelId: string; token: string };
  /** An ESC/POS printer that wins over the setting (the development host's `--printer`). */
  printer?: { kind: PrinterKind; address: string };
  /** Intervals (ms) of the background work. */
  tickMs?: number;
  pollMs?: number;
  resolveDelaysMs?: number[];
  afterPspAnswer?: () => void;
  /** The PSP test and the relay channel creation (`Testar conexão`, `Salvar e usar`). */
  fetch?: typeof fetch;
  /** Applies a preset's compatibility settings at start (`--psp-preset`). */
  pspPreset?: PspPresetId;
  /** Delays between status questions about a devolução on its way (ms). */
  refundPollMs?: number[];
  /** Reconciliation backoff per charge (ms). */
  reconcileBackoffMs?: number[];
  /** The API Pix counter sweep's period (ms; default 2 s, received-pix.ts). */
  counterSweepMs?: number;
  /** Silence after which the relay stream counts as dead (default 30 s). */
  relaySilenceMs?: number;
  /** The development host's `--pdv-dir`: the TEF Dial exchange in `<dir>/req` and `<dir>/resp`, on. */
  pdvDir?: string;
  /** The development host's `--pdv-api-port`: the local API on, on that port (0: any free one). */
  pdvApiPort?: number;
  /** How often the PDV's request folder is read (default 200 ms). */
  pdvPollMs?: number;
  /** The cashier's time to type a payer the PDV did not send (tests shorten it). */
  pdvPayerWaitMs?: number;
  /** The shop journal's back-off and pairing wait (tests shorten them). */
  journal?: {
    baseDelayMs?: number;
    maxDelayMs?: number;
    joinWaitMs?: number;
    /** A counter's heartbeat (default 5 min). */
    heartbeatMs?: number;
  };
  /** Crash-test seam: runs after a PDV sale's approval was committed, before its answer is written. */
  beforePdvAnswer?: () => void;
  /** Where ledger copies go (default `<dataDir>/backups`; BALCAO_BACKUP_DIR in the app). */
  backupDir?: string;
  /** How often the Saúde panel's passive state is recomputed and published on change (default 10 s). */
  healthEveryMs?: number;
  /** The API Pix kind against a sandbox: its CA, and its location name → loopback address. */
  apiPixTrust?: { ca?: string; hosts?: Record<string, string> };
}

export interface AppInfo {
  version: string;
  mode: Mode;
  host: 'electron' | 'browser';
  terminalName: string;
  shopName: string;
  chargeOperation: AppSettings['psp']['chargeOperation'];
  maxAmountCents: number;
  language: AppSettings['language'];
  connection: ConnectionStatus;
  /** A fresh install: no owner PIN yet and the welcome not dismissed. */
  firstRun: boolean;
  /** The OS keychain did not answer: live credentials cannot be kept. */
  keychainMissing: boolean;
  /** Refused payment notices today (count, the reason to fix): the notice after a restart. */
  refusalsToday?: { count: number; reason: RefusalReason | null };
  /** What the PSP in use offers beyond the charge (shared/psp-capabilities.ts). */
  pspOffers: PspCapabilities;
  /** The shop journal told this Balcão something (the menu offers Loja). */
  shopJournal?: boolean;
  /** `Este computador: Só proprietário` (shared/domain/station.ts). */
  ownerOnly?: boolean;
}

/** A terminal's services, as the composition roots (Electron main, development host) use them. */
export interface AppCore {
  readonly mode: Mode;
  /** The embedded PSP while in DEMO mode, else null. */
  readonly demo: DemoPsp | null;
  readonly terminalId: string;
  readonly ledger: Ledger;
  readonly events: AppEvents;
  /** The shop journal (issue 36): every fact into the outbox, publisher, owner's feed, pairing. */
  readonly journal: ShopJournal;
  readonly charges: ChargeService;
  /** Who the PSP's QR codes pay (trust on first use; the owner re-pins). */
  readonly receiverPins: ReceiverPins;
  readonly withdrawals: WithdrawalService;
  /** Devoluções (API Pix), full or partial, idempotent by our id. */
  readonly refunds: RefundService;
  /** The day's received-PIX list (API Pix `GET /pix`): missed payments, "Conferir com o PSP". */
  readonly receivedPix: ReceivedPixReconciler;
  /** The PDV's TEF Dial file exchange (docs/pdv-integration.md). */
  readonly pdv: TefExchange;
  /** The local API's sales (idempotent by the caller's reference) and its token. */
  readonly pdvApi: PdvApi;
  readonly apiToken: ApiToken;
  /** The local API's base URL while it listens, else null. */
  pdvApiUrl(): string | null;
  /** Starts, stops or moves the local API to follow its settings. */
  syncPdvApi(): Promise<void>;
  /** The Integração com o PDV page: the exchange's state, the API, the last requests. */
  pdvOverview(): PdvOverview;
  /**
   * The ledger's kept copies and the restore chosen for the next start (Configurações, owner):
   * ledger/restore-choice.ts; the main process puts the copy back before the ledger opens.
   */
  readonly backups: {
    list(): Backups;
    restore(name: string): Result<Backups>;
    cancelRestore(): Backups;
    /** The daily copy's check now (to the owner's second folder too), not at the next hour. */
    copyNow(): Promise<void>;
  };
  readonly intake: CallbackIntake;
  /** Refused callbacks: today's count by reason (the owner's notice) and the log's news. */
  readonly refusals: RefusalNews;
  /** The Saúde panel: relay, PSP, status query, keychain, printer, clock, waiting, receiver. */
  readonly health: HealthService;
  /** Every non-final charge asked about by the status query (docs/psp-compatibility.md). */
  readonly reconciler: Reconciler;
  /** The status query's one request budget. */
  readonly statusBudget: QueryBudget;
  readonly history: HistoryService;
  /** Semana e mês: the last 7 or 30 days in buckets (by hour, day, operator). */
  readonly salesSeries: SalesSeriesService;
  /** Loja (issue 36): every counter's state, sales and closing, from the shop journal. */
  readonly shopView: ShopViewService;
  readonly printer: ReceiptPrinter;
  readonly owner: OwnerService;
  /** The shop's operators and shifts (issue 36); none configured = anonymous counter. */
  readonly operators: OperatorService;
  readonly account: AccountService;
  readonly infractions: InfractionService;
  readonly credentials: CredentialsService;
  readonly settings: SettingsService;
  readonly golive: GoLiveService;
  readonly redactor: Redactor;
  readonly logger: Logger;
  callbackUrl(): string;
  connection(): ConnectionStatus;
  info(host?: 'electron' | 'browser'): AppInfo;
  /** Crash recovery, then the background work: local expiry and (without a relay stream) polling. */
  start(): Promise<void>;
  stop(): Promise<void>;
}

export type PdvOverview = CallOutput<'pdv:overview'>;
export type Backups = CallOutput<'backups:list'>;
