import { route } from "@/lib/http/route";
import { postLogin } from "@/lib/auth/operations";

export const dynamic = "force-dynamic";
export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route(postLogin);
