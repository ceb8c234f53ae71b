import { describe, expect, it } from 'vitest';
import {
  chargeMessage,
  formatValidUntil,
  mailtoUrl,
  sendLink,
  whatsAppUrl,
} from '../../../../shared/domain/send-charge';
import { STATIC_BCB } from '../../../helpers/brcode-samples';

const TZ = 'America/Sao_Paulo';
// 2026-11-30 18:45 in São Paulo (UTC−3, no daylight saving since 2019).
const EXPIRES = Date.UTC(2026, 10, 30, 21, 45);
const charge = {
  shopName: 'Padaria Pão Quente',
  amountCents: 123456,
  description: 'Encomenda de bolo',
  brcode: STATIC_BCB,
  expiresAt: EXPIRES,
};

describe('the message a payer gets', () => {
  it('says shop, amount, what for, until when, and ends with the code on its own line', () => {
    const text = chargeMessage(charge, TZ);
    expect(text.split('\n')).toEqual([
      'Padaria Pão Quente: cobrança PIX de R$ 1.234,56',
      'Referente a: Encomenda de bolo',
      'Válida até 30/11/2026 às 18:45',
      '',
      'Pague no app do seu banco com o PIX Copia e Cola:',
      STATIC_BCB,
    ]);
  });

  it('leaves out an empty description', () => {
    expect(chargeMessage({ ...charge, description: '  ' }, TZ)).not.toContain('Referente');
  });

  it('Com vencimento: the due date, the discount, and fine and interest after it, instead of "Válida até"', () => {
    const dueTerms = {
      dueDate: '2026-12-10',
      daysAfterDue: 30,
      finePct: 200,
      interestPctMonth: 50,
      discountCents: 500,
    };
    const lines = chargeMessage({ ...charge, dueTerms }, TZ).split('\n');
    expect(lines.slice(2, 5)).toEqual([
      'Vencimento: 10/12/2026',
      'Desconto de R$ 5,00 até o vencimento',
      // 30 days after is Saturday 9 Jan: payable to Monday 11 (the spec moves it).
      'Depois do vencimento: multa de 2% e juros de 0,5% ao mês, até 11/01/2027',
    ]);
    expect(lines.join('\n')).not.toContain('Válida até');
    const plain = { ...dueTerms, finePct: 0, interestPctMonth: 0, discountCents: 0 };
    expect(chargeMessage({ ...charge, dueTerms: plain }, TZ)).toContain(
      'Pode ser paga até 11/01/2027',
    );
    expect(chargeMessage({ ...charge, dueTerms: { ...plain, daysAfterDue: 0 } }, TZ)).toContain(
      'Não pode ser paga depois do vencimento',
    );
  });

  it('gives the time in the shop’s zone', () => {
    expect(formatValidUntil(Date.UTC(2026, 0, 1, 2, 5), TZ)).toBe('31/12/2025 às 23:05');
  });
});

describe('the links', () => {
  it('WhatsApp: wa.me with the number, and the text decodes back to the message', () => {
    const url = new URL(whatsAppUrl('5511912345678', 'a b\nR$ 1,00 & ção'));
    expect(url.origin + url.pathname).toBe('https://wa.me/5511912345678');
    expect(url.searchParams.get('text')).toBe('a b\nR$ 1,00 & ção');
  });

  it('mailto: address kept, subject and body encoded, CRLF line breaks (RFC 6068)', () => {
    const url = mailtoUrl('ana+x@exemplo.com.br', 'Cobrança', 'linha 1\nlinha 2 & ?');
    expect(url).toMatch(/^mailto:ana%2Bx@exemplo\.com\.br\?subject=/);
    expect(url).toContain('&body=linha%201%0D%0Alinha%202%20%26%20%3F');
    const q = new URLSearchParams(url.slice(url.indexOf('?') + 1));
    expect(q.get('subject')).toBe('Cobrança');
  });
});

describe('sendLink', () => {
  it('refuses a charge whose code was not verified', () => {
    const r = sendLink({ ...charge, brcode: undefined }, 'whatsapp', '11 91234-5678', TZ);
    expect(r).toMatchObject({ ok: false, code: 'SEND_NOT_VERIFIED' });
  });

  it('normalises a Brazilian number typed any way to 55 + DDD + number', () => {
    const r = sendLink(charge, 'whatsapp', '(11) 91234-5678', TZ);
    expect(r.ok && r.value.to).toBe('5511912345678');
    expect(r.ok && r.value.url).toMatch(/^https:\/\/wa\.me\/5511912345678\?text=/);
  });

  it('without a number, WhatsApp opens to pick the chat', () => {
    const r = sendLink(charge, 'whatsapp', '', TZ);
    expect(r.ok && r.value.url).toMatch(/^https:\/\/wa\.me\/\?text=/);
  });

  it('answers a wrong phone or e-mail in words (codes), before anything is sent', () => {
    expect(sendLink(charge, 'whatsapp', '1234', TZ)).toMatchObject({ code: 'PHONE_INVALID' });
    expect(sendLink(charge, 'email', 'ana@', TZ)).toMatchObject({ code: 'EMAIL_INVALID' });
  });

  it('e-mail: the body is the message with the verified code', () => {
    const r = sendLink(charge, 'email', ' ana@exemplo.com ', TZ);
    if (!r.ok) throw new Error(r.code);
    expect(r.value.to).toBe('ana@exemplo.com');
    const q = new URLSearchParams(r.value.url.slice(r.value.url.indexOf('?') + 1));
    expect(q.get('body')!.replace(/\r\n/g, '\n')).toBe(chargeMessage(charge, TZ));
    expect(q.get('subject')).toBe('Cobrança PIX R$ 1.234,56 – Padaria Pão Quente');
  });
});
