import { describe, expect, it } from "vitest";
import { parseMediaPlaylist, subtitleTrack, writeMasterPlaylist, writeSubtitlePlaylist } from "./hls-playlists";
import type { HlsLadder } from "./schemas";

const ladder: HlsLadder = {
  master: "master.m3u8",
  duration: 95.5,
  segmentSeconds: 6,
  variants: [
    { name: "720p", uri: "720p/index.m3u8", width: 1280, height: 720, frameRate: 29.97, codecs: "avc1.64001f", bandwidth: 2_500_000, averageBandwidth: 1_800_000 },
    { name: "360p", uri: "360p/index.m3u8", width: 640, height: 360, frameRate: 29.97, codecs: "avc1.64001e", bandwidth: 700_000, averageBandwidth: 500_000 },
  ],
  audio: { uri: "audio/index.m3u8", codecs: "mp4a.40.2", channels: 2, bandwidth: 130_000, averageBandwidth: 128_000 },
};

describe("writeMasterPlaylist", () => {
  it("lists the shared audio group and the variants from the lowest bandwidth up", () => {
    expect(writeMasterPlaylist(ladder)).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:7",
        "#EXT-X-INDEPENDENT-SEGMENTS",
        '#EXT-X-MEDIA:TYPE=AUDIO,GROUP-ID="audio",NAME="Audio",DEFAULT=YES,AUTOSELECT=YES,CHANNELS="2",URI="audio/index.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=830000,AVERAGE-BANDWIDTH=628000,CODECS="avc1.64001e,mp4a.40.2",RESOLUTION=640x360,FRAME-RATE=29.970,AUDIO="audio"',
        "360p/index.m3u8",
        '#EXT-X-STREAM-INF:BANDWIDTH=2630000,AVERAGE-BANDWIDTH=1928000,CODECS="avc1.64001f,mp4a.40.2",RESOLUTION=1280x720,FRAME-RATE=29.970,AUDIO="audio"',
        "720p/index.m3u8",
        "",
      ].join("\n"),
    );
  });

  it("adds a subtitle rendition per caption language and names the group on every variant", () => {
    const master = writeMasterPlaylist(ladder, [subtitleTrack("en", "captions/en.m3u8"), subtitleTrack("de", "captions/de.m3u8")]);
    expect(master).toContain(
      [
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subtitles",NAME="English",LANGUAGE="en",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/en.m3u8"',
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subtitles",NAME="Deutsch",LANGUAGE="de",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/de.m3u8"',
      ].join("\n"),
    );
    expect(master.match(/^#EXT-X-STREAM-INF:.*,AUDIO="audio",SUBTITLES="subtitles"$/gm)).toHaveLength(2);
  });

  it("makes the audio rendition the one variant of audio-only media, with its captions", () => {
    expect(writeMasterPlaylist({ ...ladder, variants: [] }, [subtitleTrack("fr", "captions/fr.m3u8")])).toBe(
      [
        "#EXTM3U",
        "#EXT-X-VERSION:7",
        "#EXT-X-INDEPENDENT-SEGMENTS",
        '#EXT-X-MEDIA:TYPE=SUBTITLES,GROUP-ID="subtitles",NAME="Français",LANGUAGE="fr",DEFAULT=NO,AUTOSELECT=YES,FORCED=NO,URI="captions/fr.m3u8"',
        '#EXT-X-STREAM-INF:BANDWIDTH=130000,AVERAGE-BANDWIDTH=128000,CODECS="mp4a.40.2",SUBTITLES="subtitles"',
        "audio/index.m3u8",
        "",
      ].join("\n"),
    );
  });

  it("keeps quotes and line breaks out of quoted attributes", () => {
    const master = writeMasterPlaylist({ ...ladder, variants: [] }, [{ language: "en", name: 'Say "hi"\nnow', uri: "captions/en.m3u8" }]);
    expect(master).toContain('NAME="Say hinow"');
  });
});

describe("writeSubtitlePlaylist", () => {
  it("serves the whole WebVTT file as one segment", () => {
    expect(writeSubtitlePlaylist({ uri: "en.vtt", duration: 95.5 })).toBe(
      "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:96\n#EXT-X-MEDIA-SEQUENCE:0\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:95.500,\nen.vtt\n#EXT-X-ENDLIST\n",
    );
  });
});

describe("subtitleTrack", () => {
  it("names a language in that language, and an unknown one by its code", () => {
    expect(subtitleTrack("es", "es.m3u8").name).toBe("Español");
    expect(subtitleTrack("pt-BR", "pt.m3u8").name).toBe("Português (Brasil)");
    expect(subtitleTrack("zz", "zz.m3u8").name).toBe("zz");
  });
});

describe("parseMediaPlaylist", () => {
  it("reads the initialization section and each segment's duration", () => {
    const playlist = parseMediaPlaylist(
      '#EXTM3U\n#EXT-X-VERSION:7\n#EXT-X-TARGETDURATION:6\n#EXT-X-MAP:URI="init.mp4"\n#EXTINF:6.000000,\nseg_00000.m4s\n#EXTINF:2.5,\nseg_00001.m4s\n#EXT-X-ENDLIST\n',
    );
    expect(playlist).toEqual({
      targetDuration: 6,
      initialization: "init.mp4",
      segments: [
        { uri: "seg_00000.m4s", duration: 6 },
        { uri: "seg_00001.m4s", duration: 2.5 },
      ],
      isComplete: true,
    });
  });

  it("refuses what is not a playlist, and a segment without a duration", () => {
    expect(() => parseMediaPlaylist("hello")).toThrow("not an HLS playlist (no #EXTM3U)");
    expect(() => parseMediaPlaylist("#EXTM3U\nseg.m4s\n")).toThrow("segment seg.m4s has no #EXTINF duration");
  });
});
