/**
 * The Portuguese words of every screen but the Caixa. In a build this module holds only those
 * (scripts/vite-words.mjs cuts pt-BR.ts in two at FIRST_WORDS); elsewhere (tests, tsc) it is the
 * whole dictionary, and adding words already there changes nothing.
 */
export { ptBR as rest } from './pt-BR';
