import { z } from 'zod';

const bucket = z.object({ count: z.number().int(), amountCents: z.number().int() });

/** "Conferir com o PSP": the day's received charges against the PSP's received-PIX list. */
export const pspCheckSchema = z.object({
  /** True when every charge and amount agree: "conferido com o PSP". */
  matches: z.boolean(),
  ledger: bucket,
  psp: bucket,
  /** A charge one side has and the other has not (0), or with another amount. */
  differences: z.array(
    z.object({ chargeId: z.string(), ledgerCents: z.number().int(), pspCents: z.number().int() }),
  ),
  /** PIX received without a charge of this terminal (a static QR, a transfer): shown apart. */
  otherPix: bucket,
  checkedAt: z.number(),
});
export type PspCheck = z.infer<typeof pspCheckSchema>;
