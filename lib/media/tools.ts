import { getEnv, type Env } from "@/lib/env";
import { MediaToolError } from "./errors";

/** The ffmpeg and ffprobe binaries this process runs. */
export type MediaTools = { ffmpeg: string; ffprobe: string };

let cached: Promise<MediaTools> | undefined;

/**
 * The binaries named by `FFMPEG_PATH` and `FFPROBE_PATH`, else those the npm packages
 * `@ffmpeg-installer/ffmpeg` and `@ffprobe-installer/ffprobe` ship for this platform (nothing is
 * downloaded: `npm install` is the whole set-up). Resolved once per process.
 */
export function getMediaTools(): Promise<MediaTools> {
  cached ??= resolveMediaTools(getEnv()).catch((error: unknown) => {
    cached = undefined;
    throw error;
  });
  return cached;
}

export async function resolveMediaTools(env: Pick<Env, "FFMPEG_PATH" | "FFPROBE_PATH">): Promise<MediaTools> {
  const ffmpeg = env.FFMPEG_PATH ?? (await installedBinary("ffmpeg", () => import("@ffmpeg-installer/ffmpeg")));
  const ffprobe = env.FFPROBE_PATH ?? (await installedBinary("ffprobe", () => import("@ffprobe-installer/ffprobe")));
  return { ffmpeg, ffprobe };
}

async function installedBinary(name: "ffmpeg" | "ffprobe", load: () => Promise<{ default: { path: string } }>): Promise<string> {
  try {
    return (await load()).default.path;
  } catch (error) {
    // The installers throw (sometimes a bare string) when no package for this platform is installed.
    const reason = error instanceof Error ? error.message : String(error);
    throw new MediaToolError(`${name} is not installed for this platform (${reason}); set ${name.toUpperCase()}_PATH to a ${name} binary`);
  }
}
