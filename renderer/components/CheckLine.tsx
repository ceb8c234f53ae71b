import type { ComponentProps } from 'react';

/**
 * One line of a `check-lines` list: the mark (not read aloud), what was checked, its state for
 * screen readers, and what it means.
 */
export function CheckLine({
  mark,
  name,
  state,
  text,
  ...li
}: ComponentProps<'li'> & { mark: string; name: string; state: string; text: string }) {
  return (
    <li {...li}>
      <span aria-hidden="true">{mark} </span>
      <strong>{name}</strong>
      <span className="sr-only">: {state}</span>
      {text && <span> — {text}</span>}
    </li>
  );
}
