import { and, eq, sql } from "drizzle-orm";
import { tables } from "@/lib/db";
import { ApiError } from "@/lib/core/errors";
import type { ContentContext } from "@/lib/content/context";
import { publishedCondition, visibleLanguages } from "@/lib/content/visibility";

/**
 * A workout or on-demand item fetched through a training plan must belong to that plan, and the plan
 * must be visible to the caller; otherwise 404 (docs/api.md "Training plan weeks").
 */
export async function assertInTrainingPlan(ctx: ContentContext, member: "workouts" | "on-demand", id: string | number, planId: string): Promise<void> {
  const plans = tables.trainingPlans;
  const membership = member === "workouts" ? sql`${plans.workoutIds} @> ARRAY[${id}]::uuid[]` : sql`${plans.onDemandIds} @> ARRAY[${id}]::uuid[]`;
  const visible = ctx.seesOnlyPublished
    ? publishedCondition(plans.status, visibleLanguages(ctx), ctx.organization.defaultLanguage)
    : undefined;
  const [plan] = await ctx.db
    .select({ id: plans.id })
    .from(plans)
    .where(and(eq(plans.id, planId), eq(plans.organizationId, ctx.organization.id), membership, visible))
    .limit(1);
  if (!plan) throw new ApiError("not_found", `not found in training plan ${planId}`);
}
