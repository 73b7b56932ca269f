import type { ReactNode } from 'react';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
}

/** The table the management screens share: the first column heads its row, an unlabelled (for
 * screen readers, "Actions") last column holds the row's buttons, and an empty list says so. */
export function ActionTable<T>({
  className,
  columns,
  rows,
  rowKey,
  actions,
  empty,
}: {
  className: string;
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  actions?: (row: T) => ReactNode;
  empty: string;
}) {
  const [first, ...rest] = columns;
  return (
    <table className={className}>
      <thead>
        <tr>
          {columns.map((c) => (
            <th scope="col" key={c.header}>
              {c.header}
            </th>
          ))}
          {actions && (
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={rowKey(row)}>
            {first && <th scope="row">{first.cell(row)}</th>}
            {rest.map((c) => (
              <td key={c.header}>{c.cell(row)}</td>
            ))}
            {actions && <td>{actions(row)}</td>}
          </tr>
        ))}
        {rows.length === 0 && (
          <tr>
            <td colSpan={columns.length + (actions ? 1 : 0)}>{empty}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}
