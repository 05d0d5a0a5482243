import { forwardRef, type TextareaHTMLAttributes } from "react";
import { FieldFrame, useDescribedControl } from "./field";

type TextAreaProps = TextareaHTMLAttributes<HTMLTextAreaElement> & { label: string; error?: string; hint?: string };

/** A labelled multi-line input, styled like Field, with its error or hint tied to it. */
export const TextArea = forwardRef<HTMLTextAreaElement, TextAreaProps>(function TextArea({ label, error, hint, id, className, ...props }, ref) {
  const { controlId, messageId, controlProps, borderClass } = useDescribedControl(id, { error, hint });
  return (
    <FieldFrame label={label} error={error} hint={hint} controlId={controlId} messageId={messageId} className={className}>
      <textarea ref={ref} {...controlProps} className={`mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-2 focus:outline-blue-600 ${borderClass}`} {...props} />
    </FieldFrame>
  );
});
