import type { SecretRing } from '../callbacks/verify';
import type { SettingsService } from '../settings-service';
import type { PspSelection } from './psp-selection';

/**
 * The keys a callback's HMAC is checked with. A webhook secret of its own (VeoPag's panel) when
 * the profile says the PSP signs with one and one is set; else the client secret (a PSP changed
 * from VeoPag to a client-secret signer must not keep checking callbacks with the old panel's
 * secret). A rotated secret stays valid for callbacks already signed with it, until its stored
 * deadline.
 */
export const callbackSecrets =
  (sel: PspSelection, settings: SettingsService) => async (): Promise<SecretRing | null> => {
    const webhook =
      settings.get().psp.callback.secret === 'webhook' ? await sel.webhookSecrets() : null;
    if (webhook) return webhook;
    const c = await sel.credentials();
    if (!c) return null;
    const previous = await sel.previousSecret();
    return { current: c.clientSecret, ...(previous && { previous }) };
  };
