import { type VideoFormat } from '../../domain/media/video-format.ts';
import { type ImageFetchOptions } from './image-fetcher.ts';

/** A video read as it arrives: only ever MP4 or MOV (told by the first bytes); the caller reads it to its end. */
export type StreamedVideo = { readonly format: VideoFormat; readonly body: AsyncIterable<Uint8Array> };

/**
 * The one way videos are fetched from the web: the image fetcher's rules (browser headers, Referer, the SSRF-guarded
 * client) with the video limits (`MAX_VIDEO_BYTES`, a longer deadline). Failures throw `ImageFetchError`, also
 * while the body is read: `VIDEO_NOT_RECOGNISED` (not MP4/MOV), `VIDEO_TOO_LARGE`, or the transport's codes.
 */
export interface VideoFetcher {
  stream(url: string, options?: ImageFetchOptions): Promise<StreamedVideo>;
}

/**
 * Reads a video's duration from its bytes as they pass by, without keeping them (the movie header, `moov`), and
 * whether the file is whole.
 */
export interface VideoDurationReader {
  start(): {
    push(chunk: Uint8Array): void;
    durationMs(): number | null;
    /** Whether the top-level boxes' declared sizes cover exactly the bytes pushed (false for a file cut inside its media data). */
    complete(): boolean;
  };
}
