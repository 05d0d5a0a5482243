import { route } from "@/lib/http/route";
import { getJobs } from "@/lib/jobs/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(getJobs);
