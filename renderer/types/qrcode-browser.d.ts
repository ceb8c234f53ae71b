// qrcode's browser build (what Vite bundles anyway), typed for the calls the renderer
// makes. qrcode's @types describe the Node build and would pull Node's globals (`process`,
// `Buffer`) into the renderer's type check.
declare module 'qrcode/lib/browser' {
  interface ToStringOptions {
    type: 'svg';
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
  }
  interface ToDataURLOptions {
    errorCorrectionLevel?: 'L' | 'M' | 'Q' | 'H';
    margin?: number;
    width?: number;
  }
  const QRCode: {
    toString(text: string, options: ToStringOptions): Promise<string>;
    /** The callback form draws synchronously: called back before toString returns. */
    toString(
      text: string,
      options: ToStringOptions,
      done: (error: Error | null, svg: string) => void,
    ): void;
    /** A PNG drawn on a canvas, as a data URL. */
    toDataURL(text: string, options: ToDataURLOptions): Promise<string>;
  };
  export default QRCode;
}
