/** A new channel on the relay at `relayUrl` (POST /admin/channels): its id and its token. */
export async function newRelayChannel(relayUrl: string, adminToken: string) {
  const r = await fetch(`${relayUrl}/admin/channels`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}` },
  });
  if (!r.ok) throw new Error(`POST /admin/channels: ${r.status} ${await r.text()}`);
  return (await r.json()) as { channelId: string; token: string; hookUrl: string };
}
