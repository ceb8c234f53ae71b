import { idAfter } from '../../relay/store';
import { postOnce } from './one-post';
import { newRelayChannel } from './relay-channel';
import { timedTerminal } from './timed-terminal';

/**
 * Callbacks posted every 50 ms to a relay (each retried like a PSP until answered 200), two
 * terminals reading (one resuming every second), and `faults` applied one after another, each
 * `faultMs` long, after 1 s of callbacks flowing with no fault. While each
 * fault still holds, every callback answered 200 more than `graceMs` before must have reached
 * the terminal: those that had not are `late`. Afterwards it waits (up to 20 s) for the rest.
 */
export async function deliveryUnderFaults(o: {
  relayUrl: string;
  adminToken: string;
  faults: Array<{ name: string; start(): void | Promise<void>; stop(): void | Promise<void> }>;
  faultMs: number;
  graceMs: number;
}) {
  const c = await newRelayChannel(o.relayUrl, o.adminToken);
  // One terminal listening throughout, one whose stream is cut every second (it resumes from its
  // Last-Event-ID, so it reads the store during the fault).
  const terms = [
    timedTerminal(() => [o.relayUrl], c.channelId, c.token),
    timedTerminal(() => [o.relayUrl], c.channelId, c.token, 1000),
  ];
  const ackedAt = new Map<string, number>();
  let sending = true;
  let n = 0;
  const sender = (async () => {
    const inflight = new Set<Promise<void>>();
    while (sending) {
      const body = `{"n":${n++}}`;
      const p = (async () => {
        while ((await postOnce(`${o.relayUrl}/hooks/${c.channelId}`, body, 5000)).status !== 200)
          await new Promise((r) => setTimeout(r, 100));
        ackedAt.set(body, performance.now());
      })();
      inflight.add(p);
      void p.finally(() => inflight.delete(p));
      await new Promise((r) => setTimeout(r, 50));
    }
    await Promise.all(inflight);
  })();
  const late: string[] = [];
  try {
    for (const f of o.faults) {
      await new Promise((r) => setTimeout(r, 1000));
      await f.start();
      try {
        await new Promise((r) => setTimeout(r, o.faultMs));
        const now = performance.now();
        for (const [body, at] of ackedAt)
          for (const [k, t] of terms.entries())
            if (at < now - o.graceMs && !t.arrivedAt.has(body))
              late.push(`${f.name}, terminal ${k}: ${body}`);
      } finally {
        await f.stop();
      }
    }
  } finally {
    sending = false;
    await sender;
  }
  const end = Date.now() + 20_000;
  const missing = (b: string) => terms.some((t) => !t.arrivedAt.has(b));
  while (Date.now() < end && [...ackedAt.keys()].some(missing))
    await new Promise((r) => setTimeout(r, 200));
  await Promise.all(terms.map((t) => t.stop()));
  return {
    late,
    acked: ackedAt.size,
    lost: [...ackedAt.keys()].filter(missing),
    duplicated: terms.reduce((n, t) => n + t.bodies.length - new Set(t.bodies).size, 0),
    inOrder: terms.every((t) => t.ids.every((id, k) => k === 0 || idAfter(id, t.ids[k - 1]!))),
  };
}
