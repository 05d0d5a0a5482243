/**
 * Image work admitted by the pixels it decodes: jobs run together while their pixels fit the budget,
 * and wait in arrival order otherwise, so many small thumbnails render at once while large images
 * take their turn, and the memory decoding takes in this process stays bounded (docs/decisions/0006).
 */
type Waiter = { weight: number; start: () => void };

let inUse = 0;
const waiting: Waiter[] = [];

function admitWaiting(budget: number): void {
  while (waiting.length > 0 && inUse + waiting[0]!.weight <= budget) {
    const next = waiting.shift()!;
    inUse += next.weight;
    next.start();
  }
}

/** Runs `work` once `pixels` (at most the whole budget) fit beside the image work already running. */
export async function runWithinPixelBudget<T>(pixels: number, budget: number, work: () => Promise<T>): Promise<T> {
  const weight = Math.max(1, Math.min(pixels, budget));
  if (waiting.length === 0 && inUse + weight <= budget) inUse += weight;
  else await new Promise<void>((start) => waiting.push({ weight, start }));
  try {
    return await work();
  } finally {
    inUse -= weight;
    admitWaiting(budget);
  }
}

/** Pixels of the image work running now (for tests). */
export function pixelsInUse(): number {
  return inUse;
}
