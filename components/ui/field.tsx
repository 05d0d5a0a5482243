"use client";

import { forwardRef, useId, type InputHTMLAttributes, type ReactNode } from "react";
import { useIsReadOnly } from "./read-only-scope";

type Described = { label: string; error?: string; hint?: string };

/** The ids and ARIA a labelled control needs so its error (or hint) is announced with it. */
export function useDescribedControl(id: string | undefined, { error, hint }: Omit<Described, "label">) {
  const generated = useId();
  const controlId = id ?? generated;
  const messageId = `${controlId}-message`;
  return {
    controlId,
    messageId,
    controlProps: { id: controlId, "aria-invalid": error ? true : undefined, "aria-describedby": error || hint ? messageId : undefined },
    borderClass: error ? "border-rose-600" : "border-slate-300",
  };
}

/** The error (or, without one, the hint) under a control, with the id its aria-describedby names. */
export function FieldMessage({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  if (error) {
    return (
      <p id={id} className="mt-1 text-sm text-rose-700">
        {error}
      </p>
    );
  }
  return hint ? (
    <p id={id} className="mt-1 text-sm text-slate-600">
      {hint}
    </p>
  ) : null;
}

/** A control's label above it and its error (or hint) below it. */
export function FieldFrame({ label, error, hint, controlId, messageId, className = "", children }: Described & { controlId: string; messageId: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={controlId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldMessage id={messageId} error={error} hint={hint} />
    </div>
  );
}

type FieldProps = InputHTMLAttributes<HTMLInputElement> & Described;

/** A labelled input whose error is announced and tied to it (aria-describedby); inside a read-only scope it is read only unless `readOnly` says otherwise. */
export const Field = forwardRef<HTMLInputElement, FieldProps>(function Field({ label, error, hint, id, className, readOnly, ...props }, ref) {
  const { controlId, messageId, controlProps, borderClass } = useDescribedControl(id, { error, hint });
  const isInReadOnlyScope = useIsReadOnly();
  const isReadOnly = readOnly ?? isInReadOnlyScope;
  return (
    <FieldFrame label={label} error={error} hint={hint} controlId={controlId} messageId={messageId} className={className}>
      <input ref={ref} {...controlProps} className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${borderClass} ${isReadOnly ? "bg-slate-50" : ""}`} readOnly={isReadOnly} {...props} />
    </FieldFrame>
  );
});
