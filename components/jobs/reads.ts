// Isomorphic: the screen's hooks and its page's first paint on the server (ADR 9) share the keys and addresses.
export const queueDepthsRead = { key: ["jobs", "queues"] as const, path: "/jobs/queues" };
export const failedJobsRead = { key: ["jobs", "failed"] as const, path: "/jobs?filter[where][state]=failed&filter[limit]=100" };
