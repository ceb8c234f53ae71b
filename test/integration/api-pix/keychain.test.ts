import { randomBytes } from 'node:crypto';
import keytar from 'keytar';
import { describe, expect, it } from 'vitest';
import { KeytarSecretStore } from '../../../electron/main/adapters/keytar-store';
import { Redactor } from '../../../electron/services/log';
import { CredentialsService } from '../../../electron/services/secrets/credentials-service';
import { testPki } from '../../helpers/api-pix';

// The real OS keychain: gnome-keyring in the private D-Bus session `npm test` starts.
const hasSecretService = !!process.env.DBUS_SESSION_BUS_ADDRESS;
// Its own service name: the keyring outlives the run, and other files use the default one.
const SERVICE = `balcao-test-${randomBytes(6).toString('hex')}`;

describe.skipIf(!hasSecretService)('the API Pix client certificate in the keychain', () => {
  it('is stored with its key and password, read back for the client only, and removed by clear()', async () => {
    const pki = await testPki();
    const redactor = new Redactor();
    const creds = new CredentialsService(new KeytarSecretStore(SERVICE), redactor);
    const c = {
      certPem: pki.client.certPem,
      keyPem: pki.client.keyPem,
      passphrase: 'senha-do-pfx',
    };
    expect(await creds.setClientCertificate(c)).toEqual({
      ok: true,
      value: { clientCertificate: true },
    });
    expect(await keytar.getPassword(SERVICE, 'psp.apiPixKey')).toBe(c.keyPem);
    expect(await creds.clientCertificate()).toEqual(c);
    // The password and the key never reach a log line.
    const keyLine = c.keyPem.split('\n')[1]!;
    expect(redactor.redact(`pfx senha-do-pfx ${keyLine}`)).not.toMatch(
      /senha-do-pfx|[A-Za-z0-9+/]{40}/,
    );
    await creds.clear();
    expect(await creds.clientCertificate()).toBeNull();
    expect(await keytar.getPassword(SERVICE, 'psp.apiPixCert')).toBeNull();
  });
});
