"use client";

import { useId, useState } from "react";
import { Button } from "./button";

/**
 * A secret the API shows only once (a token, a signing secret): a warning, the value in a read-only
 * field, a copy button, and a way to put it away once stored.
 */
export function SecretReveal({ label, title, value, onDismiss }: { label: string; title: string; value: string; onDismiss: () => void }) {
  const [copyState, setCopyState] = useState<"idle" | "copied" | "refused">("idle");
  const id = useId();
  return (
    <div role="region" aria-label={label} className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm">
      <p className="font-semibold text-amber-900">{title}</p>
      <label className="block font-medium" htmlFor={id}>
        {label}
      </label>
      <textarea id={id} readOnly rows={3} value={value} className="w-full rounded-md border border-amber-300 bg-white p-2 font-mono text-xs break-all" onFocus={(event) => event.currentTarget.select()} />
      {copyState === "refused" ? <p className="text-rose-800">The browser refused to copy: select the text above and copy it by hand.</p> : null}
      <div className="flex gap-2">
        <Button
          onClick={async () => {
            try {
              await navigator.clipboard.writeText(value);
              setCopyState("copied");
            } catch {
              setCopyState("refused");
            }
          }}
        >
          {copyState === "copied" ? "Copied" : "Copy"}
        </Button>
        <Button variant="secondary" onClick={onDismiss}>
          I have stored it
        </Button>
      </div>
    </div>
  );
}
