// electron-builder `afterPack` hook (runs after the app is packed, before fuses and signing):
// fails the build when a native module in the packed app was not built for this Electron, so an
// installer whose ledger or keychain cannot load is never produced.
import { electronAbi, nativeModuleProblems } from './native-abi.mjs';

export default async function afterPack(context) {
  const version = context.packager.info.framework.version;
  const abi = electronAbi(version);
  const problems = nativeModuleProblems(context.appOutDir, abi);
  if (problems.length)
    throw new Error(
      `native modules not built for Electron ${version} (NODE_MODULE_VERSION ${abi}):\n  ${problems.join('\n  ')}`,
    );
  console.log(`  • native modules checked: Electron ${version}, NODE_MODULE_VERSION ${abi}`);
}
