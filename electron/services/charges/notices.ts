/** What the cashier is told, by situation (pt-BR; the renderer re-renders codes in English). */
export const NOTICES = {
  UNCERTAIN:
    'O PSP não respondeu a tempo. Verificando se a cobrança foi criada — não cobre de novo.',
  UNCERTAIN_EXISTS_NO_QUERY:
    'O PSP já registrou esta cobrança, mas não há consulta de status configurada. Aguarde a confirmação do pagamento ou confira no painel do PSP; não crie outra para o mesmo cliente.',
  UNCERTAIN_GAVE_UP:
    'Ainda não foi possível confirmar com o PSP. Toque em "Verificar de novo" em instantes; não cobre de novo.',
  UNCERTAIN_NO_QUERY:
    'O PSP não confirmou esta cobrança e não há consulta de status configurada. Confira no painel do PSP se ela foi criada ou paga antes de cobrar de novo.',
  NO_QR:
    'A cobrança existe no PSP, mas o QR Code não pôde ser recuperado. Cancele e crie uma nova cobrança.',
  QR_REJECTED:
    'O PSP devolveu um código PIX inválido, que não foi exibido. Nada será cobrado por ele: crie uma nova cobrança.',
  AMOUNT_MISMATCH:
    'O PSP registrou um valor diferente do cobrado. A cobrança não foi exibida: crie uma nova.',
  PAID_AMOUNT_MISMATCH: 'O valor pago difere do valor cobrado. Confira antes de entregar.',
  LATE_PAYMENT:
    'Pagamento recebido depois que esta cobrança foi encerrada. O dinheiro entrou: confira com o cliente e entregue ou devolva.',
  UNKNOWN_STATUS:
    'O PSP informou um status desconhecido para esta cobrança. Confira no painel do PSP.',
  LOCAL_EXPIRY: 'Cobrança expirada. Se o cliente pagar mesmo assim, o Balcão avisa.',
  LOCAL_CANCEL: 'Cobrança cancelada no Balcão. Se o cliente pagar mesmo assim, o Balcão avisa.',
} as const;
export type NoticeCode = keyof typeof NOTICES;
