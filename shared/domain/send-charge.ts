import { err, ok, type Result } from '../result';
import { lastPayableDay, type CobvTerms } from './cobv';
import { parseEmail, parsePhone } from './documents';
import { formatBRL } from './money';

/**
 * "Enviar cobrança": the message a payer who is not at the counter gets, and the links that hand
 * it to WhatsApp or to the system's mail client (docs/remote-charges.md has the sources). The
 * message is always pt-BR (the payer pays with a Brazilian bank), whatever the screen's language.
 */
export const SEND_VIAS = ['whatsapp', 'email'] as const;
export type SendVia = (typeof SEND_VIAS)[number];

/** What the message says: only a charge's verified copy-and-paste code goes out. */
export interface SendableCharge {
  shopName: string;
  amountCents: number;
  description?: string | undefined;
  /** The verified BR Code (a ChargeView has it only once it passed verification). */
  brcode: string;
  expiresAt: number;
  /** `Com vencimento`: the payer is told the due date and what is added after it. */
  dueTerms?: CobvTerms | undefined;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `28/11/2026 às 15:30` in the shop's time zone (the machine's unless given). */
export function formatValidUntil(ms: number, timeZone?: string): string {
  const parts = new Intl.DateTimeFormat('pt-BR', {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    ...(timeZone && { timeZone }),
  }).formatToParts(new Date(ms));
  const p = (t: Intl.DateTimeFormatPartTypes) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('day')}/${p('month')}/${p('year')} às ${pad(Number(p('hour')))}:${p('minute')}`;
}

const isoToBr = (d: string) => `${d.slice(8, 10)}/${d.slice(5, 7)}/${d.slice(0, 4)}`;
/** Hundredths of a percent in pt-BR: 200 → `2%`, 150 → `1,5%`, 33 → `0,33%`. */
export const formatPctBr = (hundredths: number) => `${String(hundredths / 100).replace('.', ',')}%`;

/**
 * A charge with a due date: the payer's bank computes what is due on the day it pays (fine and
 * interest after the due date, the discount before); the message says the same terms in words.
 */
export function dueLines(t: CobvTerms): string[] {
  const out = [`Vencimento: ${isoToBr(t.dueDate)}`];
  if (t.discountCents > 0) out.push(`Desconto de ${formatBRL(t.discountCents)} até o vencimento`);
  const late = [
    t.finePct > 0 && `multa de ${formatPctBr(t.finePct)}`,
    t.interestPctMonth > 0 && `juros de ${formatPctBr(t.interestPctMonth)} ao mês`,
  ].filter(Boolean);
  const lastDay = lastPayableDay(t);
  const last = isoToBr(lastDay);
  out.push(
    lastDay === t.dueDate
      ? 'Não pode ser paga depois do vencimento'
      : late.length && t.daysAfterDue > 0
        ? `Depois do vencimento: ${late.join(' e ')}, até ${last}`
        : `Pode ser paga até ${last}`,
  );
  return out;
}

/** The lines of the message; the copy-and-paste code alone on its last line, to copy it whole. */
export function chargeMessage(c: SendableCharge, timeZone?: string): string {
  const lines = [`${c.shopName}: cobrança PIX de ${formatBRL(c.amountCents)}`];
  const what = c.description?.trim();
  if (what) lines.push(`Referente a: ${what}`);
  if (c.dueTerms) lines.push(...dueLines(c.dueTerms));
  else lines.push(`Válida até ${formatValidUntil(c.expiresAt, timeZone)}`);
  lines.push('', 'Pague no app do seu banco com o PIX Copia e Cola:', c.brcode);
  // NBSP (formatBRL) reads oddly in some mail clients: a plain space is the same amount.
  return lines.join('\n').replace(/\u00a0/g, ' ');
}

/** The message's subject line for an e-mail. */
export const chargeSubject = (c: SendableCharge): string =>
  `Cobrança PIX ${formatBRL(c.amountCents).replace(/\u00a0/g, ' ')} – ${c.shopName}`;

/**
 * WhatsApp's click-to-chat link: `https://wa.me/<number>?text=<url-encoded>`, the number in full
 * international form, digits only; without a number WhatsApp lets the cashier pick the chat.
 */
export function whatsAppUrl(phoneDigits: string | undefined, text: string): string {
  return `https://wa.me/${phoneDigits ?? ''}?text=${encodeURIComponent(text)}`;
}

/**
 * A `mailto:` URI (RFC 6068): the address's parts and the `subject`/`body` values
 * percent-encoded as UTF-8, line breaks in the body as `%0D%0A`.
 */
export function mailtoUrl(email: string | undefined, subject: string, body: string): string {
  const to = email
    ? email
        .split('@')
        .map((part) => encodeURIComponent(part))
        .join('@')
    : '';
  const q = (s: string) => encodeURIComponent(s.replace(/\r?\n/g, '\r\n'));
  return `mailto:${to}?subject=${q(subject)}&body=${q(body)}`;
}

export interface SendLink {
  via: SendVia;
  url: string;
  text: string;
  /** The normalised phone (55…) or e-mail it goes to; absent when the cashier picks it there. */
  to?: string;
}

/**
 * The link for one way of sending, or why not: an unverified charge is never sent, and a
 * typed phone or e-mail must be valid (an empty one is chosen in WhatsApp or the mail client).
 */
export function sendLink(
  c: Omit<SendableCharge, 'brcode'> & { brcode?: string | undefined },
  via: SendVia,
  to: string | undefined,
  timeZone?: string,
): Result<SendLink> {
  if (!c.brcode) return err('conflict', 'SEND_NOT_VERIFIED');
  const charge = { ...c, brcode: c.brcode };
  const text = chargeMessage(charge, timeZone);
  const typed = to?.trim() ?? '';
  if (via === 'whatsapp') {
    const phone = typed ? parsePhone(typed) : null;
    if (phone && !phone.ok) return err('validation', 'PHONE_INVALID', { field: 'to' });
    const digits = phone?.ok ? phone.value : undefined;
    return ok({ via, url: whatsAppUrl(digits, text), text, ...(digits && { to: digits }) });
  }
  const email = typed ? parseEmail(typed) : null;
  if (email && !email.ok) return err('validation', 'EMAIL_INVALID', { field: 'to' });
  const address = email?.ok ? email.value : undefined;
  return ok({
    via,
    url: mailtoUrl(address, chargeSubject(charge), text),
    text,
    ...(address && { to: address }),
  });
}
