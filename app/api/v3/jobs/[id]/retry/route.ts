import { route } from "@/lib/http/route";
import { postJobRetry } from "@/lib/jobs/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postJobRetry);
