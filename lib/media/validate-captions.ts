import webvtt from "webvtt-parser";
import { MAX_CAPTIONS_BYTES, type CaptionProblem, type CaptionsValidation } from "./schemas";

/** A cue may end this much after the media's measured duration (files are often timed to the rounded second). */
export const CAPTION_END_TOLERANCE_SECONDS = 0.5;
/** At most this many problems are reported; a file that is not WebVTT at all would otherwise list one per line. */
export const MAX_CAPTION_PROBLEMS = 20;

/**
 * Validates a WebVTT caption file: at most 1 MB of UTF-8, conforming to the WebVTT specification
 * (checked by the W3C's validating parser, `webvtt-parser`), with at least one cue, and, when the
 * media's `duration` is known, every cue inside it. Each problem names its line (1-based) and, where
 * the parser knows it, its column.
 */
export function validateCaptions(bytes: Uint8Array, options: { duration?: number } = {}): CaptionsValidation {
  if (bytes.length > MAX_CAPTIONS_BYTES) return invalid([{ line: null, column: null, message: `The file is larger than ${MAX_CAPTIONS_BYTES / 1024 / 1024} MB.` }]);
  const text = decodeUtf8(bytes);
  if (typeof text !== "string") return invalid([text]);

  // The package is CommonJS whose exports Node's ESM loader cannot name: reached through its default export.
  const parsed = new webvtt.WebVTTParser().parse(text, "subtitles");
  if (parsed.errors.length > 0) {
    return invalid(parsed.errors.map((error) => ({ line: error.line, column: error.col ?? null, message: error.message })));
  }
  if (parsed.cues.length === 0) return invalid([{ line: null, column: null, message: "The file holds no cues." }]);

  const duration = options.duration;
  const problems: CaptionProblem[] = [];
  if (duration !== undefined) {
    // A conforming file's cues are in file order, one per timing line (cue text may not hold "-->").
    const timingLines = text
      .split(/\r\n|\r|\n/)
      .map((content, index) => ({ content, line: index + 1 }))
      .filter(({ content }) => content.includes("-->"));
    parsed.cues.forEach((cue, index) => {
      const timing = timingLines[index];
      if (cue.endTime <= duration + CAPTION_END_TOLERANCE_SECONDS) return;
      problems.push({
        line: timing?.line ?? null,
        column: timing ? endTimestampColumn(timing.content) : null,
        message: `The cue ends at ${formatTimestamp(cue.endTime)}, after the end of the media (${formatTimestamp(duration)}).`,
      });
    });
  }
  if (problems.length > 0) return invalid(problems);
  return { isValid: true, cues: parsed.cues.length, lastCueEnd: Math.max(...parsed.cues.map((cue) => cue.endTime)) };
}

/**
 * A problem as an API error detail (docs/api.md, "Media processing"): `path` locates it in the file
 * (`line 6, column 24`, `line 4`, or empty for the whole file, as a JSON Pointer to a whole body is).
 */
export function captionProblemDetail(problem: CaptionProblem): { path: string; message: string } {
  const path = problem.line === null ? "" : problem.column === null ? `line ${problem.line}` : `line ${problem.line}, column ${problem.column}`;
  return { path, message: problem.message };
}

/** The column (1-based) where the end timestamp of a timing line starts. */
function endTimestampColumn(timingLine: string): number {
  const afterArrow = timingLine.indexOf("-->") + 3;
  const rest = timingLine.slice(afterArrow);
  return afterArrow + (rest.length - rest.trimStart().length) + 1;
}

function invalid(problems: CaptionProblem[]): CaptionsValidation {
  return { isValid: false, problems: problems.slice(0, MAX_CAPTION_PROBLEMS) };
}

/** The text of UTF-8 bytes, or the problem at the line of the first byte that is not UTF-8. */
function decodeUtf8(bytes: Uint8Array): string | CaptionProblem {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const lenient = new TextDecoder("utf-8").decode(bytes);
    const before = lenient.slice(0, Math.max(0, lenient.indexOf("\uFFFD")));
    const lines = before.split(/\r\n|\r|\n/);
    return { line: lines.length, column: (lines.at(-1)?.length ?? 0) + 1, message: "The file is not UTF-8 text." };
  }
}

/** Seconds as a WebVTT timestamp, `hh:mm:ss.ttt`. */
export function formatTimestamp(seconds: number): string {
  const milliseconds = Math.round(seconds * 1000);
  const hours = Math.floor(milliseconds / 3_600_000);
  const minutes = Math.floor((milliseconds % 3_600_000) / 60_000);
  const rest = (milliseconds % 60_000) / 1000;
  return `${String(hours).padStart(2, "0")}:${String(minutes).padStart(2, "0")}:${rest.toFixed(3).padStart(6, "0")}`;
}
