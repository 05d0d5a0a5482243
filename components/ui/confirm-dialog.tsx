"use client";

import type { ReactNode } from "react";
import { Button } from "./button";
import { Dialog } from "./dialog";

/** Asks before something that cannot be undone: Cancel, or the named (danger) action. */
export function ConfirmDialog({ open, title, confirmLabel, onConfirm, onCancel, children }: { open: boolean; title: string; confirmLabel: string; onConfirm: () => void; onCancel: () => void; children: ReactNode }) {
  return (
    <Dialog open={open} title={title} onClose={onCancel}>
      {children}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="secondary" onClick={onCancel}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm}>
          {confirmLabel}
        </Button>
      </div>
    </Dialog>
  );
}
