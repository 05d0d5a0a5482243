import { tables, type Executor } from "@/lib/db";
import { isUniqueViolation } from "@/lib/db/errors";
import { hashPassword } from "@/lib/auth/password";
import { ApiError } from "@/lib/core/errors";
import { validateInput } from "@/lib/validation";
import { createUserInputSchema, type CreateUserInput } from "./schemas";

type OrganizationLanguages = { id: string; languages: string[] };

/** Creates a user of `organization`; translator languages must be enabled languages of it. */
export async function createUser(db: Executor, organization: OrganizationLanguages, input: CreateUserInput) {
  const data = validateInput(createUserInputSchema, input);
  const unknown = data.languages.filter((language) => !organization.languages.includes(language));
  if (unknown.length > 0) {
    throw new ApiError("unprocessable", `languages: not enabled for this organization: ${unknown.join(", ")}`, [
      { path: "/languages", message: `not enabled for this organization: ${unknown.join(", ")}` },
    ]);
  }
  const languages = data.role === "translator" ? [...new Set(data.languages)] : [];
  const passwordHash = await hashPassword(data.password);
  try {
    const [user] = await db
      .insert(tables.users)
      .values({ organizationId: organization.id, email: data.email, passwordHash, role: data.role, languages })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error)) throw new ApiError("conflict", `a user with email '${data.email}' already exists`);
    throw error;
  }
}
