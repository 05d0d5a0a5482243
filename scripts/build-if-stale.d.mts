/** Runs `next build` when there is no build yet or a source file changed since the last one (exits the process when the build fails). */
export function buildIfStale(): void;
