/** A valid `app:info` answer for handler tests (the contract's schema accepts it as is). */
export const sampleAppInfo = (host: 'electron' | 'browser') =>
  ({
    version: '1.0.0',
    mode: 'demo',
    host,
    terminalName: 'Caixa 1',
    shopName: 'Loja',
    chargeOperation: 'deposit',
    maxAmountCents: 100,
    language: 'pt-BR',
    connection: { state: 'connected', since: 1 },
    firstRun: false,
    keychainMissing: false,
    pspOffers: {
      balance: true,
      cryptoFees: true,
      withdrawals: true,
      infractions: true,
      dueDateCharges: false,
    },
  }) as const;
