import type { Operation } from "@/lib/http/operation";
import { getHealth } from "@/lib/health/operations";
import { getOpenApiDocument } from "./operations";

/**
 * Every operation of the API. Route files export these operations and the OpenAPI document is built
 * from this list; a test proves that both sides name the same paths and methods.
 */
export const operations: Operation<never, never, never, never>[] = [getHealth, getOpenApiDocument] as never[];
