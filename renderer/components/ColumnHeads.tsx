/** A column: its heading, or the heading with a class, or one said only to screen readers. */
export type Column = string | { label: string; className?: string; srOnly?: boolean };

/** A table's head: one row of column headings. */
export function ColumnHeads({ columns }: { columns: readonly Column[] }) {
  return (
    <thead>
      <tr>
        {columns.map((c, i) => {
          const col = typeof c === 'string' ? { label: c } : c;
          return (
            <th key={i} scope="col" className={col.className}>
              {col.srOnly ? <span className="sr-only">{col.label}</span> : col.label}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
