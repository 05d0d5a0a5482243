import { spawn } from "node:child_process";

export type CliResult = { code: number; stdout: string; stderr: string };

/** Runs `npm run cli -- …` the way an operator does (tsx over scripts/cli.ts), against `env`'s database. */
export function runCli(args: string[], env: Record<string, string | undefined>): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["node_modules/tsx/dist/cli.mjs", "scripts/cli.ts", ...args], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, LOG_LEVEL: "warn", ...env } as Record<string, string | undefined> as NodeJS.ProcessEnv,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
    child.once("error", reject);
    child.once("exit", (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });
}
