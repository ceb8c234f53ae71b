import { describe, expect, it } from 'vitest';
import { hookUrlOf, webhookOutcome } from '../../../shared/api-pix-webhook';
import { err, ok } from '../../../shared/result';

describe('the API Pix webhook registration as it is kept', () => {
  it('the hook URL is the relay’s, its channel escaped, no trailing slash; none without a relay', () => {
    expect(hookUrlOf({ url: 'https://relay.loja.com.br/', channelId: 'ch 1' })).toBe(
      'https://relay.loja.com.br/hooks/ch%201',
    );
    expect(hookUrlOf({ url: '', channelId: 'ch' })).toBe('');
    expect(hookUrlOf({ url: 'https://r', channelId: ' ' })).toBe('');
  });

  it('no relay, registered, or refused with the PSP’s words (a code, never a sentence)', () => {
    expect(webhookOutcome('', null, 5)).toEqual({
      ok: false,
      at: 5,
      url: '',
      code: 'APIPIX_WEBHOOK_NO_RELAY',
    });
    expect(webhookOutcome('https://r/hooks/c', ok(true), 5)).toEqual({
      ok: true,
      at: 5,
      url: 'https://r/hooks/c',
    });
    expect(
      webhookOutcome(
        'http://r/hooks/c',
        err('validation', 'PSP_REJECTED', { params: { pspMessage: 'não respeita o schema' } }),
        5,
      ),
    ).toEqual({
      ok: false,
      at: 5,
      url: 'http://r/hooks/c',
      code: 'PSP_REJECTED',
      params: { pspMessage: 'não respeita o schema' },
    });
  });
});
