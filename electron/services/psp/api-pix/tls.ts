import { Agent, buildConnector, fetch as undiciFetch } from 'undici';

/** The shop's client certificate for the API Pix (PEM text, kept in the keychain). */
export interface ClientCertificate {
  certPem: string;
  /** May be empty when `certPem` also holds the key (a `.pem` converted from a `.p12`). */
  keyPem: string;
  passphrase?: string;
}

export interface OwnedFetch {
  fetch: typeof fetch;
  close(): Promise<void>;
}

const keyOf = (c: ClientCertificate) => (c.keyPem.trim() ? c.keyPem : c.certPem);

/**
 * A fetch that presents the shop's client certificate on every connection (mutual TLS), over
 * undici's own Agent: node's global fetch takes no client certificate. `ca` adds trust anchors
 * (a sandbox's CA); without it the system's roots decide.
 */
export function mtlsFetch(cert: ClientCertificate, o: { ca?: string } = {}): OwnedFetch {
  const agent = new Agent({
    connect: {
      cert: cert.certPem,
      key: keyOf(cert),
      ...(cert.passphrase && { passphrase: cert.passphrase }),
      ...(o.ca && { ca: o.ca }),
      minVersion: 'TLSv1.2',
    },
  });
  return { fetch: bind(agent), close: () => agent.close() };
}

/**
 * How the payer's bank reads a location: plain TLS, no client certificate. `hosts` maps a name
 * to `host:port` (a sandbox on loopback: a BR Code's location carries no port), keeping the name
 * for SNI and the certificate check.
 */
export function payerFetch(o: { ca?: string; hosts?: Record<string, string> } = {}): OwnedFetch {
  const base = buildConnector({ ...(o.ca && { ca: o.ca }), minVersion: 'TLSv1.2' });
  const hosts = o.hosts ?? {};
  const agent = new Agent({
    connect: (opts, cb) => {
      const to = Object.prototype.hasOwnProperty.call(hosts, opts.hostname)
        ? hosts[opts.hostname]
        : undefined;
      if (!to) return base(opts, cb);
      const [hostname, port] = to.split(':') as [string, string | undefined];
      return base({ ...opts, hostname, port: port ?? '443', servername: opts.hostname }, cb);
    },
  });
  return { fetch: bind(agent), close: () => agent.close() };
}

function bind(agent: Agent): typeof fetch {
  return ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher: agent })) as unknown as typeof fetch;
}
