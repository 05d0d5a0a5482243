"use client";

import { forwardRef, type SelectHTMLAttributes } from "react";
import { FieldFrame, useDescribedControl } from "./field";
import { useIsReadOnly } from "./read-only-scope";

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { label: string; error?: string; hint?: string };

/** A labelled native select, styled like Field; inside a read-only scope it is always disabled. */
export const Select = forwardRef<HTMLSelectElement, SelectProps>(function Select({ label, error, hint, id, className, children, disabled, ...props }, ref) {
  const { controlId, messageId, controlProps, borderClass } = useDescribedControl(id, { error, hint });
  const isReadOnly = useIsReadOnly();
  return (
    <FieldFrame label={label} error={error} hint={hint} controlId={controlId} messageId={messageId} className={className}>
      <select ref={ref} {...controlProps} className={`mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${borderClass}`} disabled={disabled || isReadOnly} {...props}>
        {children}
      </select>
    </FieldFrame>
  );
});
