import type { ReactNode } from 'react';

/**
 * Something the user must not miss (a failed print, a refused copy, a failed save…): said at
 * once. `className`: how it looks (a notice by default, or a form's message or error).
 */
export function AlertNotice({
  className = 'notice',
  children,
}: {
  className?: string;
  children: ReactNode;
}) {
  return (
    <p className={className} role="alert">
      {children}
    </p>
  );
}
