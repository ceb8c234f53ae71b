import { PixProblem } from './wire';

/**
 * Where API Pix banks differ from the specification and from each other, each difference as a
 * profile option with its source (docs/api-pix.md, "The sandbox's bank profiles").
 */
export interface ApiPixProfile {
  /** `GET`/`PATCH /cob/{txid}` of a txid the bank does not hold. */
  cobNotFound: () => PixProblem;
  /** A `PUT /cob/{txid}` of a txid the bank already holds (absent: the spec's create-or-alter). */
  repeatedPut?: () => PixProblem;
}

/** Efí answers its own `{nome, mensagem}` body, not the spec's problem shape. */
const efiError = (status: number, nome: string, mensagem: string) =>
  new PixProblem(status, nome, mensagem, {}, { nome, mensagem });

export const API_PIX_PROFILES: Record<'spec' | 'efi', ApiPixProfile> = {
  // [spec] bacen/pix-api openapi.yaml: CobNaoEncontrado is a 404; PUT "cria ou altera" while ATIVA.
  spec: {
    cobNotFound: () =>
      new PixProblem(404, 'CobNaoEncontrado', 'Cobrança não encontrada para o txid informado.'),
  },
  // [efi-cob] Efí's "Cobranças imediatas" page: PUT /v2/cob/:txid of a used txid → 409
  // txid_duplicado; GET /v2/cob/:txid of an unknown one → 400 cobranca_nao_encontrada.
  efi: {
    cobNotFound: () =>
      efiError(400, 'cobranca_nao_encontrada', 'Nenhuma cobrança encontrada para o txid informado'),
    repeatedPut: () =>
      efiError(409, 'txid_duplicado', 'Campo txid informado já foi utilizado em outra cobrança'),
  },
};

export type ApiPixProfileId = 'spec' | 'efi';
export const API_PIX_PROFILE_IDS = Object.keys(API_PIX_PROFILES) as ApiPixProfileId[];
