import { parseMoney } from '../../../shared/domain/money';
import { REFERENCE } from './pdv-api';

/**
 * `balcao cobrar 12,34 --ref X [--descricao …] [--aguardar]`: one sale through the local API,
 * the result as one JSON line on stdout. Exit 0 when paid (with --aguardar) or created
 * (without), 1 when not paid or refused, 2 for a wrong command line.
 */
export interface CobrarArgs {
  amountCents: number;
  reference: string;
  description?: string;
  wait: boolean;
  apiUrl: string;
  token: string;
}

export const COBRAR_USAGE =
  'uso: balcao cobrar <valor> --ref <referência> [--descricao <texto>] [--aguardar] [--api <url>] [--token <token>]\n' +
  '  valor: 12,34 ou 12.34 (reais); token: --token ou BALCAO_TOKEN; api: --api ou BALCAO_API_URL (padrão http://127.0.0.1:7077/v1)';

export function parseCobrar(
  argv: readonly string[],
  env: Record<string, string | undefined>,
): { ok: true; value: CobrarArgs } | { ok: false; message: string } {
  const [command, amount, ...rest] = argv;
  if (command !== 'cobrar') return { ok: false, message: COBRAR_USAGE };
  if (!amount) return { ok: false, message: 'falta o valor (ex.: balcao cobrar 12,34 --ref 123)' };
  const money = parseMoney(amount, { positive: true });
  if (!money.ok) return { ok: false, message: `valor inválido: ${amount} (${money.code})` };
  const opts: Record<string, string | true> = {};
  for (let i = 0; i < rest.length; i++) {
    const a = rest[i]!;
    if (a === '--aguardar') opts.aguardar = true;
    else if (['--ref', '--descricao', '--api', '--token'].includes(a)) {
      const v = rest[++i];
      if (v === undefined) return { ok: false, message: `${a} precisa de um valor` };
      opts[a.slice(2)] = v;
    } else return { ok: false, message: `opção desconhecida: ${a}\n${COBRAR_USAGE}` };
  }
  const reference = opts.ref;
  if (typeof reference !== 'string' || !REFERENCE.test(reference))
    return { ok: false, message: '--ref: de 1 a 60 letras, dígitos ou . _ : -' };
  const token = (typeof opts.token === 'string' && opts.token) || env.BALCAO_TOKEN;
  if (!token) return { ok: false, message: 'falta o token: --token ou BALCAO_TOKEN' };
  const apiUrl =
    (typeof opts.api === 'string' && opts.api) || env.BALCAO_API_URL || 'http://127.0.0.1:7077/v1';
  return {
    ok: true,
    value: {
      amountCents: money.value,
      reference,
      ...(typeof opts.descricao === 'string' && { description: opts.descricao }),
      wait: opts.aguardar === true,
      apiUrl: apiUrl.replace(/\/$/, ''),
      token,
    },
  };
}

interface Sale {
  status: string;
  paid: boolean;
  final: boolean;
}

/** Runs one `cobrar`; prints one JSON line; returns the exit status. */
export async function runCobrar(
  a: CobrarArgs,
  io: { fetch: typeof fetch; print: (line: string) => void },
): Promise<number> {
  const call = async (method: string, path: string, body?: unknown) => {
    try {
      const res = await io.fetch(`${a.apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${a.token}`,
          ...(body !== undefined && { 'content-type': 'application/json' }),
        },
        ...(body !== undefined && { body: JSON.stringify(body) }),
      });
      return {
        status: res.status,
        body: (await res.json().catch(() => ({}))) as Record<string, unknown>,
      };
    } catch {
      return { status: 0, body: { error: 'BALCAO_UNREACHABLE' } };
    }
  };
  const created = await call('POST', '/charges', {
    amountCents: a.amountCents,
    reference: a.reference,
    ...(a.description && { description: a.description }),
  });
  if (created.status !== 200 && created.status !== 201) {
    io.print(JSON.stringify({ ok: false, paid: false, reference: a.reference, ...created.body }));
    return 1;
  }
  let sale = created.body as unknown as Sale;
  const ref = encodeURIComponent(a.reference);
  while (a.wait && !sale.final) {
    const r = await call('GET', `/charges/${ref}/wait?timeout=60`);
    if (r.status !== 200) {
      io.print(JSON.stringify({ ok: false, paid: false, reference: a.reference, ...r.body }));
      return 1;
    }
    sale = r.body as unknown as Sale;
  }
  io.print(JSON.stringify({ ok: true, ...sale }));
  return a.wait ? (sale.paid ? 0 : 1) : 0;
}
