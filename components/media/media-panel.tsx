"use client";

import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ApiRequestError, apiRequest, describeError } from "@/lib/admin/api-client";
import { useAdmin } from "@/lib/admin/admin-context";
import { mediaUploadRead } from "./reads";

/** A video or audio upload as the API answers it, with its processing (docs/api.md "Media processing"). */
export type MediaUpload = {
  id: string;
  name: string;
  mime: string;
  url: string;
  metadata?: { duration?: number; width?: number | null; height?: number | null; languages?: string[] };
  processing?: { state: "queued" | "processing" | "ready" | "failed"; progress: number; error?: string };
  playback_url?: string | null;
  poster?: { id: string; name: string; url: string } | null;
  poster_second?: number | null;
  preview_url?: string | null;
  waveform_url?: string | null;
  captions?: { language: string; url: string }[];
};

// Its own key: the crop editor holds an upload under `uploadRead`'s key with its ETag, a shape of its own.
const mediaKey = (id: string) => mediaUploadRead(id).key;
const isWorking = (upload: MediaUpload | undefined) => upload?.processing?.state === "queued" || upload?.processing?.state === "processing";

/** The upload record, read again every second while its processing runs (live progress). */
export function useMediaUpload(id: string | undefined) {
  return useQuery({
    queryKey: mediaKey(id ?? ""),
    enabled: Boolean(id),
    queryFn: async ({ signal }) => (await apiRequest<MediaUpload>(mediaUploadRead(id ?? "").path, { signal })).data,
    refetchInterval: (query) => (isWorking(query.state.data) ? 1000 : false),
    refetchOnWindowFocus: false,
  });
}

/** The languages a media file has: its sound's (when labelled) and its captions'. */
export function mediaLanguagesOf(upload: MediaUpload | undefined): string[] {
  return [...new Set([...(upload?.metadata?.languages ?? []), ...(upload?.captions ?? []).map((caption) => caption.language)])].sort();
}

/** Plays an HLS stream: hls.js where the browser has Media Source Extensions, else the browser's own HLS. */
function StreamPlayer({ src, label, isAudio }: { src: string; label: string; isAudio: boolean }) {
  const video = useRef<HTMLVideoElement>(null);
  const audio = useRef<HTMLAudioElement>(null);
  const [failure, setFailure] = useState<string>();
  useEffect(() => {
    const element = isAudio ? audio.current : video.current;
    if (!element) return;
    let destroy: (() => void) | undefined;
    let isCancelled = false;
    void import("hls.js").then(({ default: Hls }) => {
      if (isCancelled) return;
      if (!Hls.isSupported()) {
        element.src = src;
        return;
      }
      const hls = new Hls();
      hls.on(Hls.Events.ERROR, (_event, data) => {
        if (data.fatal) setFailure(`The stream cannot be played (${data.details}).`);
      });
      hls.loadSource(src);
      hls.attachMedia(element);
      destroy = () => hls.destroy();
    });
    return () => {
      isCancelled = true;
      destroy?.();
    };
  }, [src, isAudio]);
  return (
    <div className="space-y-1">
      {isAudio ? (
        <audio ref={audio} controls aria-label={label} className="w-full" />
      ) : (
        <video ref={video} controls playsInline aria-label={label} className="aspect-video w-full max-w-md rounded border border-slate-200 bg-black" />
      )}
      {failure ? <p role="alert" className="text-sm text-rose-700">{failure}</p> : null}
    </div>
  );
}

/** Peaks drawn as bars, 0 at the middle line, full scale at the edges. */
function Waveform({ url, name }: { url: string; name: string }) {
  const waveform = useQuery({
    queryKey: ["waveform", url],
    queryFn: async ({ signal }) => (await (await fetch(url, { signal })).json()) as { points: number; peaks: number[] },
    staleTime: Infinity,
  });
  const peaks = waveform.data?.peaks ?? [];
  return (
    <svg role="img" aria-label={`Waveform of ${name}`} viewBox={`0 0 ${Math.max(peaks.length, 1)} 100`} preserveAspectRatio="none" className="h-16 w-full max-w-md rounded bg-slate-50 text-blue-700">
      {peaks.map((peak, index) => (
        <rect key={index} x={index} width={1} y={50 - peak * 50} height={Math.max(peak * 100, 0.5)} fill="currentColor" />
      ))}
    </svg>
  );
}

function PosterPicker({ upload, player }: { upload: MediaUpload; player: () => HTMLVideoElement | null }) {
  const queryClient = useQueryClient();
  const change = useMutation({
    mutationFn: async (second: number) => (await apiRequest<MediaUpload>(`/uploads/${upload.id}`, { method: "PATCH", body: { poster_second: second } })).data,
    onSuccess: (updated) => queryClient.setQueryData(mediaKey(upload.id), updated),
  });
  const poster = upload.poster;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {poster ? (
        // eslint-disable-next-line @next/next/no-img-element -- a signed CDN thumbnail of the poster
        <img src={`${poster.url}&style=widescreen&size=xs`} alt={`Poster of ${upload.name}`} width={160} height={90} className="h-[90px] w-40 rounded border border-slate-200 object-cover" />
      ) : null}
      <div className="space-y-1 text-sm">
        <p>{upload.poster_second !== null && upload.poster_second !== undefined ? `Poster at ${upload.poster_second.toFixed(1)} s` : "No poster"}</p>
        <Button
          variant="secondary"
          disabled={change.isPending}
          onClick={() => {
            const element = player();
            if (element) change.mutate(Math.round(element.currentTime * 10) / 10);
          }}
        >
          {change.isPending ? "Taking the frame…" : "Use the current frame as poster"}
        </Button>
        {change.isError ? <p role="alert" className="text-rose-700">{describeError(change.error)}</p> : null}
      </div>
    </div>
  );
}

function CaptionsEditor({ upload }: { upload: MediaUpload }) {
  const { languages } = useAdmin();
  const queryClient = useQueryClient();
  const [problems, setProblems] = useState<{ language: string; message: string; lines: string[] }>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mediaKey(upload.id) });
  const put = async (language: string, file: File) => {
    setProblems(undefined);
    const response = await fetch(`/api/v3/uploads/${upload.id}/captions/${language}`, {
      method: "PUT",
      headers: { "Content-Type": "text/vtt", Accept: "application/json" },
      body: await file.text(),
      credentials: "same-origin",
    });
    if (!response.ok) {
      const body = (await response.json().catch(() => ({}))) as { message?: string; details?: { path: string; message: string }[] };
      setProblems({ language, message: body.message ?? "the captions were refused", lines: (body.details ?? []).map((detail) => (detail.path ? `${detail.path}: ${detail.message}` : detail.message)) });
      return;
    }
    await refresh();
  };
  const remove = async (language: string) => {
    const response = await fetch(`/api/v3/uploads/${upload.id}/captions/${language}`, { method: "DELETE", credentials: "same-origin" });
    if (!response.ok) setProblems({ language, message: new ApiRequestError(response.status, String(response.status), "the captions could not be removed").message, lines: [] });
    await refresh();
  };
  return (
    <fieldset className="space-y-2">
      <legend className="text-sm font-semibold">Captions</legend>
      <ul className="space-y-1 text-sm">
        {languages.map((language) => {
          const caption = upload.captions?.find((candidate) => candidate.language === language);
          return (
            <li key={language} className="flex flex-wrap items-center gap-2">
              <span className="w-10 font-mono">{language}</span>
              {caption ? (
                <>
                  <a href={caption.url} className="text-blue-700 underline" target="_blank" rel="noreferrer">
                    {language}.vtt
                  </a>
                  <Button variant="ghost" onClick={() => void remove(language)}>
                    Remove {language} captions
                  </Button>
                </>
              ) : (
                <span className="text-slate-600">none</span>
              )}
              <label className="cursor-pointer rounded-md border border-slate-300 bg-white px-2 py-1 text-xs hover:bg-slate-100">
                Upload {language} captions
                <input
                  type="file"
                  accept=".vtt,text/vtt"
                  className="sr-only"
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    event.target.value = "";
                    if (file) void put(language, file);
                  }}
                />
              </label>
            </li>
          );
        })}
      </ul>
      {problems ? (
        <div role="alert" className="text-sm text-rose-700">
          <p>
            {problems.language} captions: {problems.message}
          </p>
          {problems.lines.length > 0 ? (
            <ul className="list-disc pl-5">
              {problems.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
}

/**
 * A video or audio upload in an editor: live processing progress, then the stream played with
 * hls.js, the poster with a frame picker (video), the waveform (audio) and captions per language.
 */
export function MediaPanel({ uploadId, name, original }: { uploadId: string; name: string; original: ReactNode }) {
  const upload = useMediaUpload(uploadId);
  const headingId = useId();
  const container = useRef<HTMLDivElement>(null);
  const record = upload.data;
  if (upload.isError) return <p className="text-sm text-rose-700">{describeError(upload.error)}</p>;
  if (!record) return <p className="text-sm text-slate-600">Loading {name}…</p>;
  const processing = record.processing;
  const isAudio = !record.metadata?.width && (record.mime.startsWith("audio/") || processing?.state === "ready");
  return (
    <div ref={container} className="space-y-3" aria-labelledby={headingId}>
      <p id={headingId} className="text-sm font-medium break-all">
        {name}
      </p>
      {!processing ? <p className="text-sm text-slate-600">This file was uploaded before media processing existed: it has no stream.</p> : null}
      {processing && isWorking(record) ? (
        <div className="flex items-center gap-2 text-sm">
          <progress max={100} value={Math.round(processing.progress * 100)} aria-label={`Processing ${name}`} className="h-2 w-48" />
          <span aria-live="polite">{processing.state === "queued" ? "Waiting to be processed" : `Processing: ${Math.round(processing.progress * 100)}%`}</span>
        </div>
      ) : null}
      {processing?.state === "failed" ? (
        <p role="alert" className="text-sm text-rose-700">
          Processing failed: {processing.error}
        </p>
      ) : null}
      {processing?.state !== "ready" ? original : null}
      {processing?.state === "ready" && record.playback_url ? (
        <>
          <p className="text-sm text-emerald-700">Ready{record.metadata?.duration ? `: ${record.metadata.duration.toFixed(1)} s` : ""}</p>
          <StreamPlayer src={record.playback_url} label={`Player of ${name}`} isAudio={isAudio} />
          {!isAudio ? <PosterPicker upload={record} player={() => container.current?.querySelector("video") ?? null} /> : null}
          {record.waveform_url && isAudio ? <Waveform url={record.waveform_url} name={name} /> : null}
        </>
      ) : null}
      {processing ? <CaptionsEditor upload={record} /> : null}
    </div>
  );
}
