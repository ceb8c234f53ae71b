import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A PDV as the public TEF Dial documents describe one (docs/pdv-integration.md, sources [GP] and
 * [MPX]), written from them and not from Balcão's code:
 * - a request is written to `req\intpos.tmp`, then renamed to `req\IntPos.001` (GP §2.3);
 * - lines `AAA-BBB = value`, CR LF, ASCII only, `999-999 = 0` last (GP §7.1);
 * - the `.sts` is awaited up to 7 s (GP §4.5; ACBr's EsperaSTS), its `000-000`/`001-000` must
 *   echo the request (GP §7.5);
 * - the answer `resp\IntPos.001` is awaited with no protocol limit (GP §4.1; a test bound here),
 *   must echo `001-000`, and is deleted once read, as is the `.sts` (GP §2.3).
 */
export type Answer = Map<string, string>;

/** The owner's `Pagador padrão`: a PDV sends only an amount, the charge carries this payer. */
export const PDV_PAYER = {
  name: 'Consumidor',
  document: '123.456.789-09',
  email: 'caixa@padaria.com.br',
  phone: '5511912345678',
};

export class StandInPdv {
  readonly req: string;
  readonly resp: string;
  private seq = Math.floor(Date.now() / 1000) % 1_000_000;

  /**
   * `names` given: the file names a PDV uses and compares exactly, as ACBr does with its defaults
   * (`intpos.001`, `intpos.sts`, lower case: ACBr `ACBrTEFDDial.pas`) on a case-sensitive file
   * system (Linux). Without them, GP's `IntPos.*` names, compared case-blind as on Windows.
   */
  constructor(
    readonly dir: string,
    private readonly names?: { request: string; status: string; answer: string },
  ) {
    this.req = path.join(dir, 'req');
    this.resp = path.join(dir, 'resp');
    mkdirSync(this.req, { recursive: true });
    mkdirSync(this.resp, { recursive: true });
  }

  nextId(): string {
    return String(++this.seq);
  }

  static format(fields: Array<[string, string | number]>): string {
    return [...fields, ['999-999', '0']].map(([k, v]) => `${k} = ${v}`).join('\r\n') + '\r\n';
  }

  static parse(text: string): Answer {
    const out = new Map<string, string>();
    for (const line of text.split('\r\n')) {
      const m = /^(\d{3}-\d{3}) = (.*)$/.exec(line);
      if (m) out.set(m[1]!, m[2]!.replace(/^"(.*)"$/, '$1'));
    }
    return out;
  }

  /** The request written the documented way: a temporary file renamed into place. */
  write(text: string): void {
    const tmp = path.join(this.req, 'intpos.tmp');
    writeFileSync(tmp, text, 'latin1');
    renameSync(tmp, path.join(this.req, this.names?.request ?? 'IntPos.001'));
  }

  /** Whatever `resp` holds under that name, in any letter case (Windows names are case-blind). */
  private find(name: string): string | undefined {
    const exact = name === 'IntPos.Sts' ? this.names?.status : this.names?.answer;
    const hit = readdirSync(this.resp).find((n) =>
      exact ? n === exact : n.toLowerCase() === name.toLowerCase(),
    );
    return hit && path.join(this.resp, hit);
  }

  clearResp(): void {
    for (const n of readdirSync(this.resp)) rmSync(path.join(this.resp, n), { force: true });
  }

  async waitStatus(command: string, id: string, timeoutMs = 7_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const file = this.find('IntPos.Sts');
      if (file) {
        const sts = StandInPdv.parse(readFileSync(file, 'latin1'));
        if (sts.get('000-000') === command && sts.get('001-000') === id) {
          rmSync(file, { force: true });
          return;
        }
      }
      if (Date.now() > until)
        throw new Error(`TEF não responde (no IntPos.Sts for ${command} ${id})`);
      await new Promise((r) => setTimeout(r, 250)); // at most four reads a second (GP §2.5)
    }
  }

  async waitAnswer(id: string, timeoutMs = 60_000): Promise<{ answer: Answer; raw: string }> {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const file = this.find('IntPos.001');
      if (file) {
        const raw = readFileSync(file, 'latin1');
        const answer = StandInPdv.parse(raw);
        if (answer.get('001-000') === id && answer.has('999-999')) {
          rmSync(file, { force: true });
          return { answer, raw };
        }
      }
      if (Date.now() > until) throw new Error(`no answer for ${id} within the test's bound`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  /** ATV: clear `resp`, ask, and say whether a `.sts` came within 7 s (GP §4.5). */
  async isActive(): Promise<boolean> {
    this.clearResp();
    const id = this.nextId();
    this.write(
      StandInPdv.format([
        ['000-000', 'ATV'],
        ['001-000', id],
      ]),
    );
    return this.waitStatus('ATV', id).then(
      () => true,
      () => false,
    );
  }

  /** A CRT: the request, its `.sts`, then its answer. */
  async sale(amountCents: number, o: { id?: string; document?: string } = {}) {
    const id = o.id ?? this.nextId();
    this.write(
      StandInPdv.format([
        ['000-000', 'CRT'],
        ['001-000', id],
        ...(o.document ? [['002-000', o.document] as [string, string]] : []),
        ['003-000', amountCents],
        ['004-000', '0'],
        ['716-000', 'PDV DE TESTE LTDA'],
        ['735-000', 'PDV DE TESTE'],
        ['736-000', '1.0'],
      ]),
    );
    await this.waitStatus('CRT', id);
    return { id, result: () => this.waitAnswer(id) };
  }

  /** CNF or NCN of an approved sale, with the fields MPX's example echoes. */
  async finish(command: 'CNF' | 'NCN', id: string, answer: Answer): Promise<void> {
    this.write(
      StandInPdv.format([
        ['000-000', command],
        ['001-000', id],
        ['010-000', answer.get('010-000') ?? ''],
        ['012-000', answer.get('012-000') ?? ''],
        ['027-000', answer.get('027-000') ?? ''],
      ]),
    );
    await this.waitStatus(command, id);
  }

  /** CNC of a sale by its NSU (GP §7.4). */
  async cancel(nsu: string) {
    const id = this.nextId();
    this.write(
      StandInPdv.format([
        ['000-000', 'CNC'],
        ['001-000', id],
        ['012-000', nsu],
        ['716-000', 'PDV DE TESTE LTDA'],
      ]),
    );
    await this.waitStatus('CNC', id);
    return this.waitAnswer(id);
  }

  /** The receipt's lines (`029-001`…, `028-000` of them). */
  static receipt(a: Answer): string[] {
    const n = Number(a.get('028-000') ?? 0);
    return Array.from(
      { length: n },
      (_, i) => a.get(`029-${String(i + 1).padStart(3, '0')}`) ?? '',
    );
  }
}
