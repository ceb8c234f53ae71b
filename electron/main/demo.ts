// DEMO mode's embedded PSP: the sandbox in-process on loopback, its state kept in the data
// directory so charges made before a restart can still be paid (and called back) after it.
// The composition roots (Electron main, development host) may embed the sandbox; services never do.
import path from 'node:path';
import { startSandbox } from '../../sandbox/server';
import { DEMO_ACCOUNT } from '../../sandbox/state';
import { err, ok } from '../../shared/result';
import type { DemoPsp } from '../services/app-core';

export async function startEmbeddedDemo(dataDir: string): Promise<DemoPsp> {
  const sandbox = await startSandbox({ statePath: path.join(dataDir, 'demo-psp.json') });
  return {
    baseUrl: sandbox.baseUrl,
    credentials: { ...DEMO_ACCOUNT },
    async pay(transactionId) {
      const res = await fetch(
        `${sandbox.origin}/__sandbox/charges/${encodeURIComponent(transactionId)}/pay`,
        { method: 'POST' },
      );
      return res.ok
        ? ok(true as const)
        : err('conflict', 'DEMO_PAY_FAILED', 'Não foi possível simular o pagamento.');
    },
    close: () => sandbox.close(),
  };
}
