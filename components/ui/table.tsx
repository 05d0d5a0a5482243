import type { ReactNode, TdHTMLAttributes } from "react";

/**
 * A bordered table with a caption for screen readers. On narrow screens it scrolls sideways; the
 * scrolling region is named and focusable so keyboard users can scroll it too.
 */
export function Table({ caption, head, children }: { caption: string; head: ReactNode; children: ReactNode }) {
  return (
    <div role="region" aria-label={caption} tabIndex={0} className="overflow-x-auto rounded-lg border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-blue-600">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 bg-slate-50 text-slate-700">
          <tr>{head}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

export type SortDirection = "ascending" | "descending";

/**
 * A column heading. With `onSort` it is a button that toggles the order; `sort` is the column's current
 * direction (announced through aria-sort). `hidden` keeps the heading for screen readers only.
 */
export function HeaderCell({ children, sort, onSort, hidden }: { children: ReactNode; sort?: SortDirection; onSort?: () => void; hidden?: boolean }) {
  const content = hidden ? <span className="sr-only">{children}</span> : children;
  return (
    <th scope="col" className="px-3 py-2" aria-sort={onSort ? (sort ?? "none") : undefined}>
      {onSort ? (
        <button type="button" onClick={onSort} className="inline-flex items-center gap-1 rounded font-semibold hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-blue-600">
          {content}
          <span aria-hidden="true" className="text-xs text-slate-600">
            {sort === "ascending" ? "▲" : sort === "descending" ? "▼" : "↕"}
          </span>
        </button>
      ) : (
        content
      )}
    </th>
  );
}

export function Row({ children }: { children: ReactNode }) {
  return <tr className="border-b border-slate-100 align-top last:border-0">{children}</tr>;
}

export function Cell({ className = "", ...props }: TdHTMLAttributes<HTMLTableCellElement>) {
  return <td className={`px-3 py-2 ${className}`} {...props} />;
}

/** The one row of an empty table. */
export function EmptyRow({ columns, children }: { columns: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={columns} className="px-3 py-4 text-slate-700">
        {children}
      </td>
    </tr>
  );
}
