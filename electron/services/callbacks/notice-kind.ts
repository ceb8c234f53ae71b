import type { CallbackBody } from './verify';

/**
 * A callback that names no charge and carries no status or amount is not a payment notice: a
 * PSP's webhook registration probe (Efí posts a test notification to the URL it registers,
 * docs/api-pix.md "Webhook"; integrators read its body as `{"evento": "teste_webhook"}`) or
 * another notice of no sale. It is logged under its own outcome, never counted with the refused
 * payment notices the owner is warned about (issue 33, Deliver 5). A body naming any id (a
 * txid of another shop, say) is still a refusal.
 */
export function noticeOutcome(body: CallbackBody): 'registration-probe' | 'notice' | null {
  if (
    body.ids.length > 0 ||
    body.status !== undefined ||
    body.amountCents !== undefined ||
    body.amountRefusal !== undefined
  )
    return null;
  const evento = body.raw.evento;
  return typeof evento === 'string' && /^teste?_webhook$/i.test(evento)
    ? 'registration-probe'
    : 'notice';
}
