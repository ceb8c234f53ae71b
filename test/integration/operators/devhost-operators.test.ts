// The development host's `--operators` flag (issue 36): a fresh data directory starts with the
// roster seeded through the owner's gate, the owner locked again, and each operator's PIN working.
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../helpers/core';
import { startHost, type Host } from '../../helpers/devhost';

let host: Host | undefined;
afterAll(async () => host?.stop());

describe('development host --operators', () => {
  it('seeds Ana (cashier) and Bia (supervisor); the owner stays locked; Bia enters with her PIN', async () => {
    host = await startHost(['--operators', 'Ana:1111,Bia:2222:supervisor'], {
      BALCAO_DATA_DIR: tempDir(),
      BALCAO_OWNER_PIN: '2468',
    });
    const roster = await host.call<Array<{ id: string; name: string; role: string }>>(
      'operators:roster',
      {},
    );
    if (!roster.ok) throw new Error(roster.code);
    expect(roster.value.map((o) => [o.name, o.role])).toEqual([
      ['Ana', 'cashier'],
      ['Bia', 'supervisor'],
    ]);
    expect(await host.call('owner:status', {})).toMatchObject({ value: { unlocked: false } });
    const bia = roster.value[1]!;
    expect(await host.call('operators:enter', { operatorId: bia.id, pin: '1111' })).toMatchObject({
      ok: false,
      code: 'PIN_WRONG',
    });
    expect(await host.call('operators:enter', { operatorId: bia.id, pin: '2222' })).toMatchObject({
      ok: true,
      value: { operator: { name: 'Bia' } },
    });
  });
});
