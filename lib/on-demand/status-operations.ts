import type { Collection } from "@/lib/content/collection";
import { statusOperations } from "@/lib/publishing/operations";
import { onDemand, onDemandOperations } from "./collection";

export const onDemandStatusOperations = statusOperations(onDemand as unknown as Collection, { name: "OnDemand", tag: "On-demand", full: onDemandOperations.recordSchema });
