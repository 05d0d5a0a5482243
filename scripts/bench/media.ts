/**
 * `npm run bench -- --media [--quick] [--out FILE]`
 *
 * How fast this machine processes on-demand media (docs/benchmarks.md, "Media processing"): a 60 s
 * 1080p clip (15 s with `--quick`) with sound is generated with ffmpeg, then probed, transcoded into
 * the whole HLS ladder (240p to 1080p and AAC, ADR 14), and given a poster, an animated preview and
 * a waveform, each step timed. Transcoding speed is reported as a multiple of real time (seconds of
 * media per second of work). The machine is shared: the load average before and after is reported
 * with the figures.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";

export async function runMediaBench(options: { quick: boolean; out?: string }): Promise<void> {
  const { probeMedia } = await import("@/lib/media/probe-media");
  const { transcodeMedia } = await import("@/lib/media/transcode-media");
  const { createPoster } = await import("@/lib/media/create-poster");
  const { createPreview } = await import("@/lib/media/create-preview");
  const { computeWaveform } = await import("@/lib/media/compute-waveform");
  const { runFfmpeg } = await import("@/lib/media/run-tool");
  const { getMediaTools } = await import("@/lib/media/tools");

  const seconds = options.quick ? 15 : 60;
  const work = mkdtempSync(path.join(os.tmpdir(), "fcs-bench-media-"));
  const started = performance.now();
  const log = (message: string) => console.log(`[bench media ${((performance.now() - started) / 1000).toFixed(0).padStart(3)} s] ${message}`);
  const timed = async <T>(run: () => Promise<T>): Promise<{ result: T; seconds: number; cpuSeconds: number }> => {
    const from = performance.now();
    const cpuFrom = childCpuSeconds();
    const result = await run();
    return { result, seconds: (performance.now() - from) / 1000, cpuSeconds: childCpuSeconds() - cpuFrom };
  };
  try {
    const source = path.join(work, "class.mp4");
    log(`generating a ${seconds} s 1920×1080 30 fps clip with sound (a moving test pattern, about 20 Mbit/s as a camera writes)`);
    const generation = await timed(() => runFfmpeg(
      [
        "-f", "lavfi", "-i", `testsrc2=s=1920x1080:r=30:d=${seconds}`,
        "-f", "lavfi", "-i", `sine=frequency=330:sample_rate=48000:duration=${seconds}`,
        "-c:v", "libx264", "-preset", "ultrafast", "-crf", "18", "-pix_fmt", "yuv420p", "-c:a", "aac", "-b:a", "160k", "-y", source,
      ],
      { failureMessage: "could not generate the clip" },
    ));
    log(`generated in ${generation.seconds.toFixed(0)} s`);
    const loadBefore = os.loadavg();
    const probe = await timed(() => probeMedia(source));
    log(`probe: ${probe.seconds.toFixed(2)} s (${probe.result.width}×${probe.result.height}, ${probe.result.duration} s, ${probe.result.codecs.join(" + ")})`);
    let lastReport = 0;
    const transcode = await timed(() =>
      transcodeMedia(source, probe.result, path.join(work, "hls"), {
        onProgress: (fraction) => {
          if (fraction - lastReport >= 0.25 || fraction === 1) log(`transcoding: ${Math.round((lastReport = fraction) * 100)} %`);
        },
      }),
    );
    const speed = probe.result.duration / transcode.seconds;
    // On a shared machine the wall time says as much about the neighbours as about ffmpeg; its CPU time
    // spread over every core is what the work would take with the machine to itself, at best.
    const idleSpeed = probe.result.duration / (transcode.cpuSeconds / os.cpus().length);
    log(`transcode: ${transcode.seconds.toFixed(1)} s (${transcode.cpuSeconds.toFixed(1)} s of CPU) for ${probe.result.duration} s of media = ${speed.toFixed(2)}× real time`);
    const poster = await timed(() => createPoster(source, probe.result, path.join(work, "poster.jpg")));
    const preview = await timed(() => createPreview(source, probe.result, path.join(work, "preview.webp")));
    const waveform = await timed(() => computeWaveform(source, probe.result));
    const loadAfter = os.loadavg();

    const tools = await getMediaTools();
    const steps = { probe, transcode, poster, preview, waveform };
    const results = {
      date: new Date().toISOString(),
      machine: `${os.cpus().length} × ${os.cpus()[0]?.model ?? "cpu"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB`,
      node: process.version,
      ffmpeg: tools.ffmpeg,
      clip: { seconds: probe.result.duration, width: probe.result.width, height: probe.result.height, frameRate: probe.result.frame_rate },
      loadAverage: { before: loadBefore[0], after: loadAfter[0] },
      seconds: Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, round(step.seconds)])),
      cpuSeconds: Object.fromEntries(Object.entries(steps).map(([name, step]) => [name, round(step.cpuSeconds)])),
      transcodeSpeed: round(speed),
      transcodeSpeedWithIdleCores: round(idleSpeed),
      renditions: transcode.result.variants.map((variant) => ({ name: variant.name, size: `${variant.width}x${variant.height}`, bandwidth: variant.bandwidth, averageBandwidth: variant.averageBandwidth })),
      audio: transcode.result.audio && { bandwidth: transcode.result.audio.bandwidth },
    };
    const out = options.out ? path.resolve(options.out) : path.join(os.tmpdir(), "fcs-bench", "media.json");
    mkdirSync(path.dirname(out), { recursive: true });
    writeFileSync(out, `${JSON.stringify(results, null, 2)}\n`);

    console.log("");
    console.log(`${results.machine}; Node.js ${results.node}; load average ${loadBefore[0]!.toFixed(2)} before, ${loadAfter[0]!.toFixed(2)} after`);
    console.log(`clip: ${probe.result.duration} s, ${probe.result.width}×${probe.result.height}, ${probe.result.frame_rate} fps, h264 + aac`);
    console.log("");
    const row = (title: string, step: { seconds: number; cpuSeconds: number }, note = "") => console.log(`| ${title} | ${round(step.seconds)} | ${round(step.cpuSeconds)} | ${note} |`);
    console.log("| step | seconds | ffmpeg CPU seconds | note |");
    console.log("|---|---:|---:|---|");
    row("probe (with decoding check)", probe);
    row(`transcode: ${transcode.result.variants.map((variant) => variant.name).join(", ")} + AAC`, transcode, `**${results.transcodeSpeed}× real time**; at most ${results.transcodeSpeedWithIdleCores}× with the cores to itself`);
    row("poster (5 candidate frames)", poster, `second ${poster.result.second}`);
    row("animated preview (3 s webp)", preview, `${preview.result.frames} frames`);
    row(`waveform (${waveform.result.points} points)`, waveform);
    console.log(`\nresults in ${out}`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const round = (value: number) => Math.round(value * 100) / 100;

/**
 * CPU seconds (user and system) of this process's finished child processes, from /proc/self/stat
 * (`cutime` and `cstime`, in clock ticks of 1/100 s): ffmpeg's own work, whatever else the machine
 * is doing.
 */
function childCpuSeconds(): number {
  const stat = readFileSync("/proc/self/stat", "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[13]) + Number(fields[14])) / 100;
}
