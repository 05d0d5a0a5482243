import { spawn } from "node:child_process";
import path from "node:path";
import { MediaError, MediaToolError } from "./errors";
import { getMediaTools } from "./tools";

/** How much of a tool's standard error is kept (its end, where the reason for a failure is). */
const STDERR_TAIL_BYTES = 16 * 1024;

export type ToolRun = { exitCode: number | null; signal: NodeJS.Signals | null; stderr: string };

export type ToolOptions = {
  /** Aborting kills the process at once; the run then rejects with the signal's reason. */
  signal?: AbortSignal;
  /** Receives standard output as it arrives; the caller keeps no more of it than it needs. */
  onStdout?: (chunk: Buffer) => void;
  /** Receives each line the process writes to file descriptor 3 (ffmpeg's `-progress pipe:3`). */
  onProgressLine?: (line: string) => void;
};

/** Runs a program to its end, keeping only the tail of its standard error. */
export function runTool(binary: string, args: readonly string[], options: ToolOptions = {}): Promise<ToolRun> {
  const { signal, onStdout, onProgressLine } = options;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const child = spawn(binary, args, { stdio: ["ignore", onStdout ? "pipe" : "ignore", "pipe", onProgressLine ? "pipe" : "ignore"] });
    let stderr = "";
    let failure: unknown;
    child.stderr!.setEncoding("utf8");
    child.stderr!.on("data", (text: string) => {
      stderr = (stderr + text).slice(-STDERR_TAIL_BYTES);
    });
    if (onStdout) child.stdout!.on("data", (chunk: Buffer) => {
      try {
        onStdout(chunk);
      } catch (error) {
        failure ??= error;
        child.kill("SIGKILL");
      }
    });
    if (onProgressLine) {
      const progress = child.stdio[3] as NodeJS.ReadableStream;
      let pending = "";
      progress.setEncoding("utf8");
      progress.on("data", (text: string) => {
        const lines = (pending + text).split("\n");
        pending = lines.pop() ?? "";
        for (const line of lines) onProgressLine(line.trim());
      });
    }
    const abort = () => {
      failure ??= signal!.reason;
      child.kill("SIGKILL");
    };
    signal?.addEventListener("abort", abort, { once: true });
    child.once("error", (error: NodeJS.ErrnoException) => {
      signal?.removeEventListener("abort", abort);
      reject(new MediaToolError(`${path.basename(binary)} could not be started (${error.code ?? error.message}); check FFMPEG_PATH and FFPROBE_PATH`));
    });
    child.once("close", (exitCode, exitSignal) => {
      signal?.removeEventListener("abort", abort);
      if (failure !== undefined) reject(failure);
      else resolve({ exitCode, signal: exitSignal, stderr });
    });
  });
}

/** Lines ffmpeg prints around a failure that say nothing about its cause. */
const NOISE = [
  /^Conversion failed!?$/,
  /^Last message repeated/,
  /^Error marking filters as finished/,
  /^Cannot determine format of input stream/,
  /^Exiting normally/,
  /^Output file #\d+ does not contain any stream$/,
];

/** Reasons that belong to the machine, not to the file. */
const MACHINE_TROUBLE = /No space left on device|Cannot allocate memory|Resource temporarily unavailable|Too many open files/i;

/**
 * The most telling line of a tool's standard error, for people: without ffmpeg's `[demuxer @ 0x…]`
 * prefixes and without paths, so that it names nothing of the server.
 */
export function describeToolFailure(stderr: string): string {
  const lines = stderr
    .split(/\r?\n/)
    .map((line) => line.replace(/^\[[^\]]*@ ?0x[0-9a-f]+\]\s*/i, "").trim())
    .filter((line) => line.length > 0 && !NOISE.some((pattern) => pattern.test(line)));
  const last = lines.at(-1) ?? "no reason given";
  const withoutPaths = last
    .replace(/[a-z][a-z0-9+.-]*:\/\/[^\s'"]+?(?=:?\s|:?$|['"])|(?<![\w.])\/[^\s:'"]+/gi, "the file")
    .replace(/^the file:\s*/, "");
  return withoutPaths.length > 200 ? `${withoutPaths.slice(0, 199)}…` : withoutPaths;
}

export type FfmpegOptions = {
  signal?: AbortSignal;
  onStdout?: (chunk: Buffer) => void;
  /** Seconds of media the run goes through, to turn ffmpeg's progress into a fraction. */
  durationSeconds?: number;
  /** Called with 0..1 as the work advances (in steps of at least 1 %), and with 1 at the end. */
  onProgress?: (fraction: number) => void;
  /** Each `key=value` ffmpeg reports on its progress pipe (frame counts, output time). */
  onProgressValue?: (key: string, value: string) => void;
  /** Said of the file when ffmpeg fails: "The file's video cannot be decoded" and the like. */
  failureMessage: string;
};

/**
 * Runs ffmpeg with `args` (its inputs, filters and outputs), quiet except for errors, reporting
 * progress on file descriptor 3. A failure caused by the file throws `MediaError` with
 * `failureMessage` and ffmpeg's reason; one caused by the machine throws `MediaToolError`.
 */
export async function runFfmpeg(args: readonly string[], options: FfmpegOptions): Promise<void> {
  const { ffmpeg } = await getMediaTools();
  const durationUs = (options.durationSeconds ?? 0) * 1e6;
  let reported = 0;
  const report = (fraction: number) => {
    if (!options.onProgress) return;
    const bounded = Math.min(1, Math.max(0, fraction));
    if (bounded >= 1 ? reported >= 1 : bounded - reported < 0.01) return;
    reported = bounded;
    options.onProgress(bounded);
  };
  const run = await runTool(ffmpeg, ["-hide_banner", "-nostdin", "-nostats", "-loglevel", "error", "-progress", "pipe:3", ...args], {
    signal: options.signal,
    onStdout: options.onStdout,
    onProgressLine: (line) => {
      const equals = line.indexOf("=");
      if (equals <= 0) return;
      const key = line.slice(0, equals);
      const value = line.slice(equals + 1);
      options.onProgressValue?.(key, value);
      // Stop short of 1 until ffmpeg has exited well: the last few percent are the muxers' finishing work.
      if (key === "out_time_us" && durationUs > 0) report(Math.min(0.99, Number(value) / durationUs || 0));
    },
  });
  if (run.signal) throw new MediaToolError(`ffmpeg was stopped by ${run.signal}`);
  if (run.exitCode !== 0) {
    const reason = describeToolFailure(run.stderr);
    if (MACHINE_TROUBLE.test(run.stderr)) throw new MediaToolError(`ffmpeg failed: ${reason}`);
    throw new MediaError(`${options.failureMessage} (${reason}).`);
  }
  report(1);
}

/** Runs ffprobe and returns its standard output (JSON), at most `limitBytes` of it. */
export async function runFfprobe(args: readonly string[], options: { signal?: AbortSignal; failureMessage: string; limitBytes?: number }): Promise<string> {
  const { ffprobe } = await getMediaTools();
  const limit = options.limitBytes ?? 4 * 1024 * 1024;
  const chunks: Buffer[] = [];
  let size = 0;
  const run = await runTool(ffprobe, ["-hide_banner", "-loglevel", "error", ...args], {
    signal: options.signal,
    onStdout: (chunk) => {
      size += chunk.length;
      if (size > limit) throw new MediaError(`${options.failureMessage} (it describes more streams than are allowed).`);
      chunks.push(chunk);
    },
  });
  if (run.signal) throw new MediaToolError(`ffprobe was stopped by ${run.signal}`);
  if (run.exitCode !== 0) throw new MediaError(`${options.failureMessage} (${describeToolFailure(run.stderr)}).`);
  return Buffer.concat(chunks).toString("utf8");
}
