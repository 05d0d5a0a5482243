import { describe, expect, it } from "vitest";
import { captionProblemDetail, formatTimestamp, validateCaptions } from "./validate-captions";

const vtt = (text: string) => Buffer.from(text, "utf8");

const GOOD = `WEBVTT

NOTE Timed to the class video.

intro
00:00.000 --> 00:02.500 align:center
Welcome to the <b>class</b>.

00:02.500 --> 00:00:05.000
Warm up first.
`;

describe("validateCaptions", () => {
  it("accepts a conforming file and counts its cues", () => {
    expect(validateCaptions(vtt(GOOD))).toEqual({ isValid: true, cues: 2, lastCueEnd: 5 });
    expect(validateCaptions(vtt(`\uFEFF${GOOD.replace(/\n/g, "\r\n")}`), { duration: 5 })).toEqual({ isValid: true, cues: 2, lastCueEnd: 5 });
  });

  it.each([
    ["no signature", "WEBVT\n\n00:00.000 --> 00:01.000\nHi\n", [{ line: 1, column: null, message: 'No valid signature. (File needs to start with "WEBVTT".)' }]],
    [
      "an end before its start",
      "WEBVTT\n\n00:00.000 --> 00:02.000\nHello\n\n00:02.000 --> 00:01.000\nBad\n",
      [{ line: 6, column: 24, message: "End timestamp is not greater than start timestamp." }],
    ],
    [
      "a timing line that is not one",
      "WEBVTT\n\n00:00.000 -> 00:02.000\nHello\n",
      [
        { line: 4, column: null, message: "Cue identifier needs to be followed by timestamp." },
        { line: 5, column: null, message: "Cue identifier cannot be standalone." },
      ],
    ],
    [
      "cues out of order",
      "WEBVTT\n\n00:05.000 --> 00:06.000\nA\n\n00:01.000 --> 00:02.000\nB\n",
      [{ line: 6, column: 10, message: "Start timestamp is not greater than or equal to start timestamp of previous cue." }],
    ],
    ["mismatched markup", "WEBVTT\n\n00:00.000 --> 00:01.000\nHello <b>there</i>\n", [
      { line: 5, column: 19, message: "Incorrect end tag." },
      { line: 5, column: 19, message: "Required end tag missing." },
    ]],
    ["no cue at all", "WEBVTT\n\nNOTE nothing yet\n", [{ line: null, column: null, message: "The file holds no cues." }]],
    ["an empty file", "", [{ line: 1, column: null, message: 'No valid signature. (File needs to start with "WEBVTT".)' }]],
  ])("refuses %s, pointing at the line", (_case, text, problems) => {
    expect(validateCaptions(vtt(text))).toEqual({ isValid: false, problems });
  });

  it("refuses cues that end after the media, at the line and column of the end time", () => {
    const text = "WEBVTT\n\n00:00.000 --> 00:02.000\nIn time\n\n00:02.000 -->   00:09.000\nToo late\n\n00:09.000 --> 00:10.000\nAlso late\n";
    expect(validateCaptions(vtt(text), { duration: 5 })).toEqual({
      isValid: false,
      problems: [
        { line: 6, column: 17, message: "The cue ends at 00:00:09.000, after the end of the media (00:00:05.000)." },
        { line: 9, column: 15, message: "The cue ends at 00:00:10.000, after the end of the media (00:00:05.000)." },
      ],
    });
    // Half a second of slack for files timed to the rounded second.
    expect(validateCaptions(vtt(text), { duration: 9.6 })).toMatchObject({ isValid: true });
  });

  it("refuses a file over 1 MB", () => {
    const big = vtt(`WEBVTT\n\n00:00.000 --> 00:01.000\n${"x".repeat(1024 * 1024)}\n`);
    expect(validateCaptions(big)).toEqual({ isValid: false, problems: [{ line: null, column: null, message: "The file is larger than 1 MB." }] });
  });

  it("refuses bytes that are not UTF-8, at their line and column", () => {
    const latin1 = Buffer.concat([vtt("WEBVTT\n\n00:00.000 --> 00:01.000\nGr"), Buffer.from([0xfc]), vtt("n\n")]);
    expect(validateCaptions(latin1)).toEqual({ isValid: false, problems: [{ line: 4, column: 3, message: "The file is not UTF-8 text." }] });
  });

  it("reports at most 20 problems", () => {
    const text = `WEBVTT\n\n${Array.from({ length: 40 }, () => "garbage\n\n").join("")}`;
    const result = validateCaptions(vtt(text));
    expect(result.isValid).toBe(false);
    expect(!result.isValid && result.problems).toHaveLength(20);
  });
});

describe("captionProblemDetail", () => {
  it("locates a problem by line and column, by line, or as the whole file", () => {
    expect(captionProblemDetail({ line: 6, column: 24, message: "End timestamp is not greater than start timestamp." })).toEqual({
      path: "line 6, column 24",
      message: "End timestamp is not greater than start timestamp.",
    });
    expect(captionProblemDetail({ line: 4, column: null, message: "Cue identifier needs to be followed by timestamp." })).toEqual({
      path: "line 4",
      message: "Cue identifier needs to be followed by timestamp.",
    });
    expect(captionProblemDetail({ line: null, column: null, message: "The file holds no cues." })).toEqual({ path: "", message: "The file holds no cues." });
  });
});

describe("formatTimestamp", () => {
  it("writes hours, minutes, seconds and milliseconds", () => {
    expect(formatTimestamp(0)).toBe("00:00:00.000");
    expect(formatTimestamp(3723.4567)).toBe("01:02:03.457");
  });
});
