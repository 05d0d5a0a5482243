import type { ReactNode } from "react";

/** An inline message; `error` is announced to screen readers as it appears. */
export function Notice({ tone = "info", children }: { tone?: "info" | "error"; children: ReactNode }) {
  const style = tone === "error" ? "border-rose-300 bg-rose-50 text-rose-900" : "border-blue-300 bg-blue-50 text-blue-900";
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`rounded-md border px-3 py-2 text-sm ${style}`}>
      {children}
    </div>
  );
}
