import type { ReactNode } from 'react';

/** One line of a `detail-list`: what it is, and its value. */
export function DetailItem({ term, children }: { term: ReactNode; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
