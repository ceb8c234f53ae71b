import type { CallbackSettings } from '../../../shared/psp-settings';
import type { ReceivedCallback } from './received';
import { callbackEventId, parseCallbackBody } from './verify';

/** Ids kept per refusal, and their length: a hostile body cannot grow the refusal log. */
const MAX_IDS = 5;
const MAX_ID_LENGTH = 100;

/** The ids kept of a refusal: a few, each cut short. */
export const boundIds = (ids: readonly string[]): string[] =>
  ids.slice(0, MAX_IDS).map((id) => id.slice(0, MAX_ID_LENGTH));

/**
 * What a refused callback says about itself, read without believing it: its event id and the
 * ids it names (to show the owner, and to ask the status query about a charge it names).
 * Never throws: a body that does not parse just names nothing.
 */
export function refusedFacts(
  cb: ReceivedCallback,
  settings: CallbackSettings,
  idFields: readonly string[],
): { eventId?: string; ids: string[] } {
  try {
    const eventId = callbackEventId(cb, settings).slice(0, MAX_ID_LENGTH);
    const body = parseCallbackBody(cb.json, idFields, settings);
    return { eventId, ids: body.ok ? boundIds(body.value.ids) : [] };
  } catch {
    return { ids: [] };
  }
}
