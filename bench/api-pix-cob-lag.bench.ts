// pay → Pago at an API Pix bank whose GET /cob lags the payment by 60 s (bacen/pix-api #321),
// the webhook on time: target p99 < 3 s (issue 33, Deliver 2). See api-pix-pay.ts.
import { payToPago } from './api-pix-pay';

await payToPago('GET /cob lagging 60 s', { cobLagMs: 60_000 });
