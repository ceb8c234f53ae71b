import type { ChargeService } from '../charges/charge-service';
import type { AppEvents } from '../events';
import type { Ledger } from '../ledger/ledger';
import type { Logger } from '../log';
import { ApiToken } from '../pdv/api-token';
import { pdvFolders } from '../pdv/folders';
import { serveLocalApi } from '../pdv/local-api-server';
import { PdvApi } from '../pdv/pdv-api';
import { TefExchange } from '../pdv/tef-exchange';
import { ShiftsRepo } from '../shifts/shifts-repo';
import { defaultPayerFor } from '../../../shared/demo-payer';
import type { SettingsService } from '../settings-service';
import type { AppCoreOptions, PdvOverview } from './app-core-types';

export interface PdvPartsDeps {
  ledger: Ledger;
  charges: ChargeService;
  settings: SettingsService;
  events: AppEvents;
  logger: Logger;
  now: () => number;
  /** DEMO or live: a DEMO sale from the PDV gets DEMO's payer when the owner saved none. */
  mode: () => 'demo' | 'live';
  o: Pick<
    AppCoreOptions,
    'pdvDir' | 'pdvPollMs' | 'beforePdvAnswer' | 'pdvApiPort' | 'pdvPayerWaitMs'
  >;
}

/**
 * The shop's PDV hands sales over two ways (docs/pdv-integration.md): the TEF Dial files and
 * the local HTTP API. Both hear every charge update; the API listens only while wanted.
 */
export function pdvParts(d: PdvPartsDeps) {
  const { ledger, charges, settings, events, logger, now, o } = d;
  // The settings the PDV's sales see: the payer a sale gets when none is sent (DEMO's in DEMO).
  const shop = () => {
    const s = settings.get();
    return { ...s, defaultPayer: defaultPayerFor(s.defaultPayer, d.mode(), s.language) };
  };
  // Who rang a PDV sale (issue 36): its receipt lines and the API's answers name her.
  const shifts = new ShiftsRepo(ledger.db);
  const operatorOf = (id: string) => shifts.operatorNames([id]).get(id)?.name;
  const folders = () => pdvFolders({ override: o.pdvDir, ...settings.get().pdv });
  const pdv = new TefExchange({
    ledger,
    charges,
    settings: shop,
    enabled: () => !!o.pdvDir || settings.get().pdv.enabled,
    folders,
    confirmMs: () => settings.get().pdv.confirmMinutes * 60_000,
    now,
    logger,
    operatorOf,
    ...(o.pdvPollMs && { pollMs: o.pdvPollMs }),
    ...(o.beforePdvAnswer && { beforeApprovedAnswer: o.beforePdvAnswer }),
    onSale: (charge, reference) => events.emit('pdv:sale', { charge, reference }),
    // No payer from the PDV and no Pagador padrão: the Caixa takes the sale, the cashier types it.
    onPayerNeeded: (amountCents, reference) =>
      events.emit('pdv:prefill', { amountCents, reference, waitsForPayer: true }),
    ...(o.pdvPayerWaitMs && { payerWaitMs: o.pdvPayerWaitMs }),
    onRefundDue: (e) =>
      events.emit('app:notice', {
        code: 'PDV_REFUND_DUE',
        level: 'warn',
        params: { identifier: e.identifier },
      }),
  });
  const apiToken = new ApiToken(ledger.kv);
  const pdvApi = new PdvApi({
    ledger,
    charges,
    settings: shop,
    now,
    operatorOf,
    onSale: (charge, reference) => events.emit('pdv:sale', { charge, reference }),
  });
  events.on('charges:updated', (v) => {
    pdv.onChargeUpdate(v);
    pdvApi.onChargeUpdate(v);
  });
  let apiServer: (Awaited<ReturnType<typeof serveLocalApi>> & { wanted: number }) | null = null;
  /** Why the wanted port is not listening: shown on the PDV page, not only in the log. */
  let apiProblem: { problem: 'portBusy' | 'failed'; port: number } | null = null;
  /** On with `--pdv-api-port` or the setting; a port change moves it; off closes it. */
  const syncPdvApi = async () => {
    const p = settings.get().pdv;
    const wanted = o.pdvApiPort ?? (p.apiEnabled ? p.apiPort : null);
    if (apiServer && apiServer.wanted === wanted) return;
    await apiServer?.close();
    apiServer = null;
    apiProblem = null;
    if (wanted === null) return;
    try {
      const server = await serveLocalApi({
        api: pdvApi,
        token: apiToken,
        port: wanted,
        maxAmountCents: () => settings.get().psp.maxAmountCents,
        logger,
      });
      apiServer = { ...server, wanted };
    } catch (e) {
      logger.warn('pdv api did not start', { port: wanted, error: String(e) });
      const busy = (e as NodeJS.ErrnoException).code === 'EADDRINUSE';
      apiProblem = { problem: busy ? 'portBusy' : 'failed', port: wanted };
    }
  };
  /** The Integração com o PDV page: the exchange's state, the API, the last requests. */
  const overview = (): PdvOverview => {
    const st = pdv.status();
    return {
      exchange: {
        ...(st.state === 'off'
          ? { state: 'off' as const, ...folders() }
          : {
              state: st.state,
              req: st.req,
              resp: st.resp,
              ...(st.state === 'error' && { code: st.code }),
            }),
        ...(o.pdvDir && { forced: true }),
      },
      api: {
        url: apiServer?.url ?? null,
        hasToken: apiToken.exists(),
        ...(apiProblem && apiProblem),
        ...(o.pdvApiPort !== undefined && { forced: true }),
      },
      requests: pdv.latest(30).map((e) => ({
        id: e.id,
        command: e.command,
        identifier: e.identifier,
        state: e.state,
        ...(e.amountCents !== undefined && { amountCents: e.amountCents }),
        message: e.message,
        ...(e.refundReason && { refundReason: e.refundReason }),
        ...(e.answer && { answer: e.answer }),
        createdAt: e.createdAt,
        updatedAt: e.updatedAt,
      })),
    };
  };
  return {
    pdv,
    pdvApi,
    apiToken,
    syncPdvApi,
    overview,
    apiUrl: () => apiServer?.url ?? null,
    async stop() {
      await pdv.stop();
      await apiServer?.close();
    },
  };
}
