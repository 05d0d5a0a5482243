import type { HlsLadder, HlsSubtitleTrack } from "./schemas";

/**
 * Reading and writing HLS playlists (RFC 8216). Every address in a written playlist is relative to
 * the playlist, so the same files can be served under any signed path (ADR 14).
 */

export type MediaSegment = { uri: string; duration: number };

export type MediaPlaylist = { targetDuration: number; initialization: string | null; segments: MediaSegment[]; isComplete: boolean };

/** The segments of a media playlist, with the initialization section (`EXT-X-MAP`) of fMP4 renditions. */
export function parseMediaPlaylist(text: string): MediaPlaylist {
  const lines = text.split(/\r?\n/).map((line) => line.trim());
  if (lines[0] !== "#EXTM3U") throw new Error("not an HLS playlist (no #EXTM3U)");
  const playlist: MediaPlaylist = { targetDuration: 0, initialization: null, segments: [], isComplete: false };
  let pendingDuration: number | undefined;
  for (const line of lines.slice(1)) {
    if (line.startsWith("#EXT-X-TARGETDURATION:")) playlist.targetDuration = Number(line.slice("#EXT-X-TARGETDURATION:".length));
    else if (line.startsWith("#EXT-X-MAP:")) playlist.initialization = /URI="([^"]*)"/.exec(line)?.[1] ?? null;
    else if (line.startsWith("#EXTINF:")) pendingDuration = Number.parseFloat(line.slice("#EXTINF:".length));
    else if (line === "#EXT-X-ENDLIST") playlist.isComplete = true;
    else if (line !== "" && !line.startsWith("#")) {
      if (pendingDuration === undefined || !Number.isFinite(pendingDuration)) throw new Error(`segment ${line} has no #EXTINF duration`);
      playlist.segments.push({ uri: line, duration: pendingDuration });
      pendingDuration = undefined;
    }
  }
  return playlist;
}

/** Group ids the master playlist uses for the shared audio rendition and for captions. */
const AUDIO_GROUP = "audio";
const SUBTITLES_GROUP = "subtitles";
/** RFC 6381 codec of the AAC-LC audio rendition. */
export const AAC_LC_CODEC = "mp4a.40.2";

/** A quoted-string attribute value: RFC 8216 allows no double quote, carriage return or line feed in it. */
function quoted(value: string): string {
  return `"${value.replace(/["\r\n]/g, "")}"`;
}

/**
 * The master playlist of a ladder: the audio rendition as an `EXT-X-MEDIA` group shared by every
 * video variant, one `EXT-X-MEDIA` subtitle rendition per caption language, and the variants from
 * the lowest bandwidth up, each with BANDWIDTH (its peak plus the audio's), AVERAGE-BANDWIDTH,
 * CODECS, RESOLUTION and FRAME-RATE. Audio-only media has the audio rendition as its one variant.
 */
export function writeMasterPlaylist(ladder: HlsLadder, subtitles: readonly HlsSubtitleTrack[] = []): string {
  const lines = ["#EXTM3U", "#EXT-X-VERSION:7", "#EXT-X-INDEPENDENT-SEGMENTS"];
  const { audio } = ladder;
  const hasVideo = ladder.variants.length > 0;
  if (audio && hasVideo) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID=${quoted(AUDIO_GROUP)},NAME=${quoted("Audio")},DEFAULT=YES,AUTOSELECT=YES,CHANNELS=${quoted(String(audio.channels))},URI=${quoted(audio.uri)}`,
    );
  }
  for (const track of subtitles) {
    lines.push(
      `#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID=${quoted(SUBTITLES_GROUP)},NAME=${quoted(track.name)},LANGUAGE=${quoted(track.language)},DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI=${quoted(track.uri)}`,
    );
  }
  const subtitlesAttribute = subtitles.length > 0 ? `,SUBTITLES=${quoted(SUBTITLES_GROUP)}` : "";
  if (hasVideo) {
    const variants = [...ladder.variants].sort((a, b) => a.bandwidth - b.bandwidth);
    for (const variant of variants) {
      const codecs = audio ? `${variant.codecs},${audio.codecs}` : variant.codecs;
      const attributes = [
        `BANDWIDTH=${variant.bandwidth + (audio?.bandwidth ?? 0)}`,
        `AVERAGE-BANDWIDTH=${variant.averageBandwidth + (audio?.averageBandwidth ?? 0)}`,
        `CODECS=${quoted(codecs)}`,
        `RESOLUTION=${variant.width}x${variant.height}`,
        ...(variant.frameRate ? [`FRAME-RATE=${variant.frameRate.toFixed(3)}`] : []),
        ...(audio ? [`AUDIO=${quoted(AUDIO_GROUP)}`] : []),
      ];
      lines.push(`#EXT-X-STREAM-INF:${attributes.join(",")}${subtitlesAttribute}`, variant.uri);
    }
  } else if (audio) {
    lines.push(
      `#EXT-X-STREAM-INF:BANDWIDTH=${audio.bandwidth},AVERAGE-BANDWIDTH=${audio.averageBandwidth},CODECS=${quoted(audio.codecs)}${subtitlesAttribute}`,
      audio.uri,
    );
  }
  return `${lines.join("\n")}\n`;
}

/**
 * The media playlist of one caption language: the whole WebVTT file as its one segment, so the file
 * clients fetch as plain `.vtt` is the very one players get through HLS.
 */
export function writeSubtitlePlaylist(track: { uri: string; duration: number }): string {
  const duration = Math.max(track.duration, 0.001);
  return [
    "#EXTM3U",
    "#EXT-X-VERSION:3",
    `#EXT-X-TARGETDURATION:${Math.max(1, Math.ceil(duration))}`,
    "#EXT-X-MEDIA-SEQUENCE:0",
    "#EXT-X-PLAYLIST-TYPE:VOD",
    `#EXTINF:${duration.toFixed(3)},`,
    track.uri,
    "#EXT-X-ENDLIST",
    "",
  ].join("\n");
}

/** A caption language as a subtitle rendition, named in its own language ("Deutsch", "Français"). */
export function subtitleTrack(language: string, uri: string): HlsSubtitleTrack {
  let name = language;
  try {
    const own = new Intl.DisplayNames([language], { type: "language", fallback: "none" }).of(language);
    if (own) name = own.charAt(0).toLocaleUpperCase(language) + own.slice(1);
  } catch {
    // Not a language Intl knows: the code itself names it.
  }
  return { language, name, uri };
}
