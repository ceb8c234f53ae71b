// `--operators "Ana:1111,Bia:2222:supervisor"`: a roster the development host seeds on a data
// directory that has none, so tests and checks start with operators (issue 36).
import { CliError } from '../cli-options';

export interface SeedOperator {
  name: string;
  pin: string;
  role: 'cashier' | 'supervisor';
}

/** Parses the option's value; a bad entry is one line naming it (CliError). */
export function parseOperators(text: string): SeedOperator[] {
  const seen = new Set<string>();
  return text.split(',').map((entry) => {
    const [name = '', pin = '', role = 'cashier', ...rest] = entry.split(':');
    const bad = (why: string) =>
      new CliError(`--operators: ${why} in ${JSON.stringify(entry)} (write Name:PIN[:supervisor])`);
    if (!name.trim()) throw bad('a name is missing');
    if (!/^\d{4,8}$/.test(pin)) throw bad('the PIN must be 4 to 8 digits');
    if ((role !== 'cashier' && role !== 'supervisor') || rest.length > 0)
      throw bad('the role must be cashier or supervisor');
    if (seen.has(name.trim())) throw bad('a name is repeated');
    seen.add(name.trim());
    return { name: name.trim(), pin, role };
  });
}
