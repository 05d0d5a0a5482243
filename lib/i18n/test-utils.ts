import { ApiError } from "@/lib/core/errors";
import { statusOf } from "@/lib/http/errors";

/** The client-visible parts of the ApiError that `run` throws, for exact assertions in error tables. */
export function catchApiError(run: () => unknown): Pick<ApiError, "code" | "message" | "details"> & { status: number } {
  try {
    run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return { code: error.code, status: statusOf(error), message: error.message, details: error.details };
  }
  throw new Error("expected an ApiError, but nothing was thrown");
}
