"use client";

import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";

type ConflictDialogProps = {
  open: boolean;
  /** What the record is called in messages, e.g. "workout". */
  singular: string;
  onKeepEditing: () => void;
  /** Discard the form's changes and load what is stored now. */
  onReload: () => void;
  /** Save the form's values with `If-Match: *`. */
  onOverwrite: () => void;
};

/** The choice after a save answered 412: someone else saved the record after it was opened. */
export function ConflictDialog({ open, singular, onKeepEditing, onReload, onOverwrite }: ConflictDialogProps) {
  return (
    <Dialog open={open} title="Someone else changed this record" onClose={onKeepEditing}>
      <p>This {singular} was changed after you opened it. Reload their version (your changes here are discarded), or overwrite it with yours.</p>
      <div className="mt-5 flex flex-wrap justify-end gap-2">
        <Button variant="secondary" onClick={onKeepEditing}>
          Keep editing
        </Button>
        <Button variant="secondary" onClick={onReload}>
          Reload their version
        </Button>
        <Button variant="danger" onClick={onOverwrite}>
          Overwrite with mine
        </Button>
      </div>
    </Dialog>
  );
}
