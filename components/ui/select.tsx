import { forwardRef, useId, type SelectHTMLAttributes } from "react";

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string };

/** A labelled native select, styled like Field. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, error, id, className = "", children, ...props }, ref) {
  const generated = useId();
  const selectId = id ?? generated;
  return (
    <div className={className}>
      <label htmlFor={selectId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select
        ref={ref}
        id={selectId}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${selectId}-message` : undefined}
        className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${error ? "border-rose-600" : "border-slate-300"}`}
        {...props}
      >
        {children}
      </select>
      {error ? (
        <p id={`${selectId}-message`} className="mt-1 text-sm text-rose-700">
          {error}
        </p>
      ) : null}
    </div>
  );
});
