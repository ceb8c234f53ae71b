import { err, ok, type Result } from '../../../shared/result';

/**
 * Creates this terminal's channel on the relay with its admin token (PSP-API.md, relay:
 * `POST /admin/channels`). The admin token is used once and never stored.
 */
export async function createRelayChannel(
  relayUrl: string,
  adminToken: string,
  fetchFn: typeof fetch = globalThis.fetch,
): Promise<Result<{ channelId: string; token: string }>> {
  let res: Response;
  try {
    res = await fetchFn(`${relayUrl.replace(/\/+$/, '')}/admin/channels`, {
      method: 'POST',
      headers: { authorization: `Bearer ${adminToken}` },
      signal: AbortSignal.timeout(15_000),
    });
  } catch {
    return err('unavailable', 'RELAY_UNREACHABLE', 'O relay não respondeu.', {
      field: 'relay.url',
    });
  }
  if (res.status === 401 || res.status === 403)
    return err('auth', 'RELAY_ADMIN_REFUSED', 'O relay recusou o token de administração.', {
      field: 'relay.adminToken',
    });
  const body = (await res.json().catch(() => null)) as {
    channelId?: unknown;
    token?: unknown;
  } | null;
  if (!res.ok || typeof body?.channelId !== 'string' || typeof body.token !== 'string')
    return err(
      'unavailable',
      'RELAY_UNEXPECTED',
      'Resposta inesperada do relay ao criar o canal.',
      {
        field: 'relay.url',
      },
    );
  return ok({ channelId: body.channelId, token: body.token });
}
