"use client";

import type { ButtonHTMLAttributes } from "react";
import { useIsReadOnly } from "./read-only-scope";

type Variant = "primary" | "secondary" | "danger" | "ghost";

const VARIANTS: Record<Variant, string> = {
  primary: "bg-blue-700 text-white hover:bg-blue-800 disabled:bg-blue-300",
  secondary: "border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 disabled:text-slate-400",
  danger: "bg-rose-700 text-white hover:bg-rose-800 disabled:bg-rose-300",
  ghost: "text-slate-700 hover:bg-slate-100",
};

/** A button; inside a read-only scope it is always disabled. */
export function Button({ variant = "primary", className = "", type = "button", disabled, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: Variant }) {
  const isReadOnly = useIsReadOnly();
  return (
    <button
      disabled={disabled || isReadOnly}
      type={type}
      className={`inline-flex items-center justify-center gap-2 rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:cursor-not-allowed ${VARIANTS[variant]} ${className}`}
      {...props}
    />
  );
}
