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

/**
 * How a `check-lines` list draws its items: the class `<kind>-<state>` colours a line and
 * `data-<kind>` names it for the tests (Saúde's items, the connection test's checks).
 */
export interface CheckLineStyle<T, S extends string> {
  kind: string;
  state(item: T): S;
  marks: Readonly<Record<S, string>>;
  describe(item: T): { name: string; state: string; text: string };
}

/** A `check-lines` list, one CheckLine an item, drawn by its style. */
export function CheckLines<T extends { id: string }, S extends string>({
  label,
  items,
  kind,
  state,
  marks,
  describe,
}: { label: string; items: readonly T[] } & CheckLineStyle<T, S>) {
  return (
    <ul className="check-lines" aria-label={label}>
      {items.map((i) => (
        <CheckLine
          key={i.id}
          className={`${kind}-${state(i)}`}
          {...{ [`data-${kind}`]: i.id }}
          mark={marks[state(i)]}
          {...describe(i)}
        />
      ))}
    </ul>
  );
}
