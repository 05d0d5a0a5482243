import { route } from "@/lib/http/route";
import { postSearch } from "@/lib/search/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postSearch);
