import { call } from "./api";
import type { TestServer } from "./server";

export type JobSummary = { id: string; task: string; state: string; payload: Record<string, unknown>; last_error: string | null };

/** The organization's jobs of `task` (newest first), through the jobs API (an admin's token). */
export async function jobsOf(server: TestServer, adminToken: string, task: string): Promise<JobSummary[]> {
  const response = await call<{ data: JobSummary[] }>(server, "GET", `/jobs?filter[where][task]=${task}&filter[limit]=250`, { token: adminToken });
  if (response.status !== 200) throw new Error(`GET /jobs answered ${response.status}`);
  return response.body.data;
}

/** Waits until the job of `task` whose payload matches has reached `state`. */
export async function waitForJob(server: TestServer, adminToken: string, task: string, matches: (payload: Record<string, unknown>) => boolean, state = "completed", timeoutMs = 30_000): Promise<JobSummary> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = (await jobsOf(server, adminToken, task)).find((candidate) => matches(candidate.payload));
    if (job?.state === state) return job;
    if (Date.now() > deadline) throw new Error(`the ${task} job is ${job?.state ?? "missing"}, not ${state}, after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
