import { tables, type Executor } from "@/lib/db";
import { ApiError } from "@/lib/http/errors";
import { isUniqueViolation } from "@/lib/db/errors";
import { validateInput } from "@/lib/validation";
import { createOrganizationInputSchema, type CreateOrganizationInput } from "./schemas";

export async function createOrganization(db: Executor, input: CreateOrganizationInput) {
  const data = validateInput(createOrganizationInputSchema, input);
  try {
    const [organization] = await db.insert(tables.organizations).values(data).returning();
    return organization!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", `an organization with code '${data.code}' already exists`);
    throw error;
  }
}
