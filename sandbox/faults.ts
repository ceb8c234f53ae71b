import { z } from 'zod';

/** Fault injection: the next `count` calls of a route misbehave in one chosen way. */
export const FAULT_KINDS = [
  'latency',
  'status',
  'timeout',
  'malformed',
  'drop',
  'badqr',
  // A hostile PSP (issue 21): a redirect to `value`, a reply of `value` bytes, a reply that never ends.
  'redirect',
  'oversize',
  'endless',
] as const;
export type FaultKind = (typeof FAULT_KINDS)[number];

export const faultSchema = z.object({
  route: z.string().regex(/^(GET|POST|PUT|DELETE) \/\S*$/, 'e.g. "POST /payments/deposit"'),
  kind: z.enum(FAULT_KINDS),
  value: z.union([z.number(), z.string()]).optional(),
  count: z.number().int().min(1).max(10_000).default(1),
});
export type Fault = z.infer<typeof faultSchema>;

/** What an `oversize`/`endless` reply sent before it ended, and whether the client hung up. */
export interface JunkStream {
  route: string;
  bytesSent: number;
  closedByClient: boolean;
}

export class FaultTable {
  private faults: Fault[] = [];
  readonly streams: JunkStream[] = [];
  /** Requests that got an injected fault, by route (`GET /stats`: what a storm cost the PSP). */
  readonly taken = new Map<string, number>();

  add(f: Fault) {
    this.faults.push({ ...f });
  }

  clear() {
    this.faults = [];
  }

  /** Takes (and counts down) the first fault for this route, if any. */
  take(route: string): Fault | undefined {
    const i = this.faults.findIndex((f) => f.route === route);
    if (i < 0) return undefined;
    const f = this.faults[i]!;
    this.taken.set(route, (this.taken.get(route) ?? 0) + 1);
    if (--f.count <= 0) this.faults.splice(i, 1);
    return f;
  }
}
