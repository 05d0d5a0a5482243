/**
 * Something about the media file itself stops its processing (it does not decode, holds no stream,
 * is empty). Permanent: running again gives the same answer, so processing ends `failed` with this
 * message, which is written for people and names no server path.
 */
export class MediaError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaError";
  }
}

/**
 * ffmpeg or ffprobe could not do its work for a reason that is not the file's (missing binary, killed
 * process, full disk). Processing may succeed when tried again, elsewhere or later.
 */
export class MediaToolError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "MediaToolError";
  }
}
