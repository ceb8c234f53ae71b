import type { ChannelRecord, ChannelSummary } from './store';

/**
 * The admin listing where channels and their events are kept apart (Redis, NATS): each channel
 * with the time of its newest event (`lastEventAt`, one lookup a channel), oldest channel first.
 */
export async function channelSummaries(
  channels: Iterable<ChannelRecord>,
  lastEventAt: (channelId: string) => Promise<number | null>,
): Promise<ChannelSummary[]> {
  const out: ChannelSummary[] = [];
  for (const c of channels)
    out.push({ id: c.id, createdAt: c.createdAt, lastEventAt: await lastEventAt(c.id) });
  return out.sort((a, b) => a.createdAt - b.createdAt);
}
