// shared/ is type-checked with neither the DOM's nor Node's types (it runs in both), so the
// few globals both runtimes provide, and shared/ uses, are declared here and nowhere else.
declare class TextEncoder {
  encode(input?: string): Uint8Array;
}
