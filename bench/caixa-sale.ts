// The Caixa as the counter's benchmarks drive it (ui, ui-path, pay-profile): the development host
// on the sandbox's demo account, and a sale typed up to its Enter (the seed dialect asks for the
// payer's name, document, e-mail and phone).
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { startHost } from '../test/helpers/devhost';

/** The host on `pspUrl`; it and `sandbox` are killed when this process exits. */
export async function demoHost(
  pspUrl: string,
  sandbox: ChildProcess,
  name: string,
  env: Record<string, string> = {},
) {
  const host = await startHost(
    ['--psp', pspUrl],
    {
      BALCAO_DATA_DIR: mkdtempSync(path.join(tmpdir(), `balcao-${name}-`)),
      BALCAO_CLIENT_ID: 'demo-client-id',
      BALCAO_CLIENT_SECRET: 'demo-client-secret',
      ...env,
    },
    { logs: false },
  );
  process.on('exit', () => {
    host.child.kill();
    sandbox.kill();
  });
  return host;
}

/** A new sale of `cents`, every field filled; the caller presses Enter (and times it). */
export async function typeSale(page: Page, cents: number) {
  await page.keyboard.press('Escape');
  await page.getByLabel('Valor').pressSequentially(String(cents));
  await page.getByLabel('Nome do pagador').fill('Ana Souza');
  await page.getByLabel('CPF/CNPJ do pagador').fill('123.456.789-09');
  await page.getByLabel('E-mail do pagador').fill('ana@padaria.com.br');
  await page.getByLabel('Telefone do pagador').fill('(11) 91234-5678');
}
