import type { ReactNode } from 'react';
import { TableHead } from './TableHead';

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  /** The cell that names the row (a th for screen readers). */
  rowHeader?: boolean;
  /** On a phone the cell goes without its column's name (it reads clearly alone: a status, a kind). */
  bare?: boolean;
  className?: string;
}

interface Props<T> {
  columns: Column<T>[];
  rows: T[];
  rowKey: (row: T) => string;
  /** The row's buttons, in a last column. */
  actions?: (row: T) => ReactNode;
  rowClass?: (row: T) => string | undefined;
  className?: string;
}

/**
 * A table of records that stacks on a phone: each row becomes a small card whose cells say
 * their column's name, so no column (a role, a Remove button) hides behind a sideways scroll.
 */
export function Table<T>({ columns, rows, rowKey, actions, rowClass, className = '' }: Props<T>) {
  return (
    <div className="table-wrap">
      <table className={`table table-stack ${className}`.trim()}>
        <TableHead columns={columns.map((c) => c.label)} />
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClass?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.label} scope="row" className={c.className}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.label} data-label={c.bare ? undefined : c.label} className={c.className}>
                    {c.cell(row)}
                  </td>
                ),
              )}
              <td className="actions">{actions?.(row)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
