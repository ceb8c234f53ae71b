import type { ReactNode } from 'react';

/** A notice the cashier must not miss (a failed print, a refused copy…): said at once. */
export function AlertNotice({ children }: { children: ReactNode }) {
  return (
    <p className="notice" role="alert">
      {children}
    </p>
  );
}
