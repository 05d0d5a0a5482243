"use client";

import { createContext, useContext, type ReactNode } from "react";

const ReadOnlyContext = createContext(false);

/**
 * Makes the primitives below read only (inputs) or disabled (buttons, selects) unless a control says
 * otherwise itself, for parts of a form that mix what someone may change with what they may not (a
 * translator's texts inside a workout's phases).
 */
export function ReadOnlyScope({ readOnly, children }: { readOnly: boolean; children: ReactNode }) {
  return <ReadOnlyContext.Provider value={readOnly}>{children}</ReadOnlyContext.Provider>;
}

/** Whether the controls here are read only (see ReadOnlyScope). */
export function useIsReadOnly(): boolean {
  return useContext(ReadOnlyContext);
}
