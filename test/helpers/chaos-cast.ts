import { rmSync } from 'node:fs';
import path from 'node:path';
import { tempDir } from './core';
import { startHost, type Host } from './devhost';
import { freePort, startRelayProcess } from './relay-process';
import { DEMO_ACCOUNT } from './sandbox';

const ADMIN = 'chaos-relay-admin-token-0123456789';
const PIN = '4826';

type RelayProcess = Awaited<ReturnType<typeof startRelayProcess>>;

/**
 * The processes of a chaos run: the relay (`npm run relay` on a SQLite file, restarted on the
 * same file and port) and the app (the development host against the PSP and that relay, on a
 * data directory that outlives each kill).
 */
export class Cast {
  relay: RelayProcess | null = null;
  app: Host | null = null;
  /** When the app last answered after a start. */
  appReadyAt = 0;
  private readonly earlierLogs: string[] = [];
  private channel = { channelId: '', token: '' };
  private readonly dataDir = tempDir('balcao-chaos-app-');
  private readonly relayDir = tempDir('balcao-chaos-relay-');
  private readonly relayStore = `sqlite:${path.join(this.relayDir, 'relay.sqlite')}`;

  private constructor(
    private readonly o: {
      pspUrl: string;
      statusQuery: boolean;
      /** The status query's budget a minute (the app's default: 60). */
      queryPerMinute?: number;
      onEvent: (event: string, payload: unknown) => void;
    },
    private readonly relayPort: number,
  ) {}

  /** Starts the relay with a channel for the app; the app is started by `startApp`. */
  static async start(o: Cast['o']): Promise<Cast> {
    const cast = new Cast(o, await freePort());
    await cast.startRelay();
    const r = await fetch(`${cast.relay!.url}/admin/channels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN}` },
    });
    cast.channel = (await r.json()) as { channelId: string; token: string };
    return cast;
  }

  async startRelay() {
    this.relay = await startRelayProcess({
      adminToken: ADMIN,
      store: this.relayStore,
      port: this.relayPort,
    });
  }

  killRelay() {
    this.relay?.child.kill('SIGKILL');
    this.relay = null;
  }

  /** The app, its owner unlocked and the PSP's request timeout short (faults cost less). */
  async startApp(): Promise<Host> {
    const h = await startHost(
      [
        '--psp',
        this.o.pspUrl,
        '--relay',
        `http://127.0.0.1:${this.relayPort}`,
        '--status-query',
        this.o.statusQuery ? '/transactions/{id}' : '',
      ],
      {
        BALCAO_DATA_DIR: this.dataDir,
        BALCAO_CLIENT_ID: DEMO_ACCOUNT.clientId,
        BALCAO_CLIENT_SECRET: DEMO_ACCOUNT.clientSecret,
        BALCAO_RELAY_CHANNEL: this.channel.channelId,
        BALCAO_RELAY_TOKEN: this.channel.token,
        BALCAO_OWNER_PIN: PIN,
      },
      { onEvent: this.o.onEvent },
    );
    if (this.app) this.earlierLogs.push(this.app.output());
    this.app = h; // stopped in the end whatever happens next
    this.appReadyAt = Date.now();
    if (!(await h.call('owner:unlock', { pin: PIN })).ok) throw new Error('owner:unlock refused');
    const r = await h.call('settings:update', {
      patch: {
        psp: {
          requestTimeoutMs: 600,
          ...(this.o.queryPerMinute && { statusQuery: { perMinute: this.o.queryPerMinute } }),
        },
      },
    });
    if (!r.ok) throw new Error(`settings:update refused: ${JSON.stringify(r)}`);
    return h;
  }

  /** What every app process printed (its log lines at info and above), oldest first. */
  appLogs() {
    return [...this.earlierLogs, this.app?.output() ?? ''].join('\n--- app restarted ---\n');
  }

  /** Stops both; false when the app did not exit within 10 s of SIGTERM (then it is killed). */
  async stop(): Promise<boolean> {
    const app = this.app;
    const exited = app
      ? await Promise.race([
          app.stop().then(() => true),
          new Promise<boolean>((r) => setTimeout(() => r(false), 10_000)),
        ])
      : true;
    if (!exited) await app!.kill9();
    this.killRelay();
    for (const dir of [this.dataDir, this.relayDir]) rmSync(dir, { recursive: true, force: true });
    return exited;
  }
}
