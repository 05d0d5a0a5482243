/**
 * Unsaved work of a record editor, kept in sessionStorage per collection and record (or per "new"
 * record) so a failed save, a reload or an accidental navigation loses nothing. sessionStorage, not localStorage:
 * a draft belongs to this tab and ends with it, and a shared computer keeps no workout texts around.
 */
export type Draft<V> = { savedAt: string; values: V; etag?: string };

type Store = Pick<Storage, "getItem" | "setItem" | "removeItem">;

export function draftKey(organizationCode: string, collectionSlug: string, recordKey: string): string {
  return `draft:${organizationCode}:${collectionSlug}:${recordKey}`;
}

export function readDraft<V>(store: Store | undefined, key: string): Draft<V> | undefined {
  try {
    const raw = store?.getItem(key);
    if (!raw) return undefined;
    const draft = JSON.parse(raw) as Partial<Draft<V>>;
    return typeof draft.savedAt === "string" && draft.values && typeof draft.values === "object" ? (draft as Draft<V>) : undefined;
  } catch {
    return undefined; // unreadable (storage disabled or a damaged entry): no draft
  }
}

export function writeDraft<V>(store: Store | undefined, key: string, draft: Draft<V>): void {
  try {
    store?.setItem(key, JSON.stringify(draft));
  } catch {
    // Storage full or disabled: the unsaved-changes warning still protects the work.
  }
}

export function clearDraft(store: Store | undefined, key: string): void {
  try {
    store?.removeItem(key);
  } catch {
    // nothing to clear
  }
}

export function browserSessionStorage(): Store | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
