import { connect } from 'nats';
import { EtcdStore } from '../../relay/etcd-store';
import { NatsStore } from '../../relay/nats-store';
import type { RelayStore } from '../../relay/store';
import { startEtcdCluster } from './etcd';
import { startNatsCluster } from './nats';
import { startReplicatedRelay } from './relay-process';

/** A replicated engine's three nodes as the tests drive them (engine-cluster.ts). */
export type EngineCluster = Awaited<ReturnType<typeof startNatsCluster>>;

/**
 * The replicated stores' engines, for the tests that run alike on each: how to start three
 * nodes, a relay process or an in-process store on them, which node leads (the one whose loss
 * or full disk matters most), and whether every node holds everything again after a fault.
 */
export interface Engine {
  /** How a command line names it (`npm run relay:failover -- --engine etcd`). */
  key: 'etcd' | 'nats';
  name: string;
  startCluster(o?: { dirs?: Array<string | undefined> }): Promise<EngineCluster>;
  startRelay(servers: string[], adminToken: string): ReturnType<typeof startReplicatedRelay>;
  store(servers: string[], o?: { presenceMs?: number; ackTimeoutMs?: number }): RelayStore;
  /** The node that leads (NATS: the events stream's leader; etcd: the Raft leader). */
  leader(c: EngineCluster): Promise<number>;
  /** Every node up and current: the next fault then hits a whole cluster. */
  whole(c: EngineCluster): Promise<boolean>;
}

async function natsStream(c: EngineCluster) {
  const nc = await connect({ servers: c.servers, timeout: 5000 });
  try {
    const jsm = await nc.jetstreamManager({ timeout: 5000 });
    return await jsm.streams.info('RELAY_EVENTS');
  } finally {
    await nc.close();
  }
}

/** One member's view through etcd's JSON gateway: its id, the leader's, its Raft index. */
async function etcdStatus(server: string) {
  const r = await fetch(`http://${server}/v3/maintenance/status`, {
    method: 'POST',
    body: '{}',
    signal: AbortSignal.timeout(2000),
  });
  const s = (await r.json()) as {
    header: { member_id: string };
    leader: string;
    raftIndex: string;
  };
  return { id: s.header.member_id, leader: s.leader, index: s.raftIndex };
}

export const NATS: Engine = {
  key: 'nats',
  name: 'NATS JetStream (three nodes, R3)',
  startCluster: (o) => startNatsCluster(3, o),
  startRelay: (servers, token) => startReplicatedRelay('nats', servers, token),
  store: (servers, o) => new NatsStore(servers, o),
  async leader(c) {
    const leader = (await natsStream(c)).cluster?.leader ?? '';
    return Number(/^n(\d)$/.exec(leader)?.[1] ?? NaN);
  },
  async whole(c) {
    // Under load the JetStream API itself may time out: that is "not whole yet".
    const info = await natsStream(c).catch(() => null);
    const r = info?.cluster?.replicas ?? [];
    return !!info?.cluster?.leader && r.length === 2 && r.every((x) => x.current && !x.lag);
  },
};

export const ETCD: Engine = {
  key: 'etcd',
  name: 'etcd (three members)',
  startCluster: (o) => startEtcdCluster(3, o),
  startRelay: (servers, token) => startReplicatedRelay('etcd', servers, token),
  store: (servers, o) => new EtcdStore(servers, o),
  async leader(c) {
    for (const [i, s] of c.servers.entries()) {
      const st = await etcdStatus(s).catch(() => null);
      if (st && st.id === st.leader) return i;
    }
    return NaN;
  },
  async whole(c) {
    const all = await Promise.all(c.servers.map((s) => etcdStatus(s).catch(() => null)));
    return all.every((s) => s && s.leader !== '0' && s.index === all[0]!.index);
  },
};

export const ENGINES = [ETCD, NATS];
