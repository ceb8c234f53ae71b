// Types for vite.config.ts.
import type { Plugin } from 'vite';

export declare function splitWords(): Plugin;
