// pay → Pago at an API Pix bank whose webhook comes 15 s late, its GET /cob up to date: target
// p99 < 3 s (issue 33, Deliver 2). See api-pix-pay.ts.
import { payToPago } from './api-pix-pay';

await payToPago('webhook 15 s late', { webhookDelayMs: 15_000 });
