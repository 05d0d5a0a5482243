import type { Caller } from "@/lib/auth/caller";

export async function applyRateLimit(_req: Request, _caller: Caller | null, _headers: Headers): Promise<void> {}
