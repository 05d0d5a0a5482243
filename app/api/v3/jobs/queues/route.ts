import { route } from "@/lib/http/route";
import { getJobQueues } from "@/lib/jobs/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobQueues);
