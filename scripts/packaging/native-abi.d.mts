// Types for native-abi.mjs (a plain module so electron-builder can load it as a hook's helper).
export type NativeAbi = { kind: 'napi' } | { kind: 'abi'; abi: number } | { kind: 'unknown' };
export function nativeModuleAbi(bytes: Buffer): NativeAbi;
export function electronAbi(electronVersion: string): number;
export function findNativeModules(dir: string): string[];
export function nativeModuleProblems(dir: string, abi: number): string[];
