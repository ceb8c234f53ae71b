import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Profiler } from 'react';
import QRCode from 'qrcode/lib/browser';
import { afterEach, describe, expect, it } from 'vitest';
import { preloadQrEncoder } from '../../../renderer/components/qr-svg';
import { QrCode } from '../../../renderer/features/cashier/QrCode';
import { ReceiptQr } from '../../../renderer/features/receipt/ReceiptQr';

// Issue 35, Enter → QR: the charge's answer reaches the screen and its QR is drawn in that
// same render, not one effect and one more render later.
afterEach(cleanup);

const PAYLOAD =
  '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Padaria Teste6008BRASILIA62070503***6304ABCD';
const expected = async (margin: number) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    await QRCode.toString(PAYLOAD, { type: 'svg', errorCorrectionLevel: 'M', margin }),
  )}`;

describe('the QR on the Caixa', () => {
  it('before the encoder has loaded: a placeholder, then the QR once it is in', async () => {
    const { container } = render(<QrCode payload={PAYLOAD} label="QR Code PIX" />);
    expect(container.querySelector('.qr-placeholder')).not.toBeNull();
    const img = await screen.findByAltText('QR Code PIX');
    expect(img.getAttribute('src')).toBe(await expected(4));
  });

  it('with the encoder loaded (fetched on idle): drawn in the first render, one commit', async () => {
    await preloadQrEncoder();
    let commits = 0;
    act(() => {
      render(
        <Profiler id="qr" onRender={() => commits++}>
          <QrCode payload={PAYLOAD} label="QR Code PIX" />
        </Profiler>,
      );
    });
    // No await between the render and this look: the QR is there at once.
    expect(screen.getByAltText('QR Code PIX').getAttribute('src')).toBe(await expected(4));
    expect(commits).toBe(1);
  });

  it('a new payload is a new QR at once, never the previous charge’s', async () => {
    await preloadQrEncoder();
    const other = PAYLOAD.replace('Padaria Teste', 'Mercado Bom ');
    const { rerender } = render(<QrCode payload={PAYLOAD} label="QR Code PIX" />);
    rerender(<QrCode payload={other} label="QR Code PIX" />);
    const want = `data:image/svg+xml;utf8,${encodeURIComponent(
      await QRCode.toString(other, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 }),
    )}`;
    expect(screen.getByAltText('QR Code PIX').getAttribute('src')).toBe(want);
  });

  it('the paper receipt’s QR waits until the screen’s is shown, then is drawn too', async () => {
    await preloadQrEncoder();
    const { container } = render(
      <>
        <QrCode payload={PAYLOAD} label="QR Code PIX" />
        <ReceiptQr payload={PAYLOAD} />
      </>,
    );
    expect(screen.getByAltText('QR Code PIX')).toBeTruthy();
    expect(container.querySelector('img.receipt-qr')).toBeNull();
    await waitFor(() => expect(container.querySelector('img.receipt-qr')).not.toBeNull());
    expect(container.querySelector('img.receipt-qr')!.getAttribute('src')).toBe(await expected(2));
  });
});
