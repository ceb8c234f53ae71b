// qrcode's browser build (what Vite bundles anyway), typed for the one call the renderer
// makes. qrcode's @types describe the Node build and would pull Node's globals (`process`,
// `Buffer`) into the renderer's type check.
declare module 'qrcode/lib/browser' {
  interface ToStringOptions {
    type: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  const QRCode: { toString(text: string, options: ToStringOptions): Promise<string> };
  export default QRCode;
}
