import { type Clock } from '../ports/clock.ts';
import { type DirectUploads, type UploadTicket } from '../ports/direct-uploads.ts';
import { type Ids } from '../ports/ids.ts';
import { invalid } from '../../domain/common/errors.ts';

/** Direct uploads may carry these types; the extension of the stored key follows the type. */
export const UPLOAD_CONTENT_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'video/mp4': 'mp4', 'video/quicktime': 'mov' } as const;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;

/** docs/decisions.md, Images and uploads: a signed upload URL lives 15 minutes. */
export const UPLOAD_TICKET_TTL_MS = 15 * 60 * 1000;

export type IssueUploadToken = (input: { contentType: UploadContentType }) => Promise<UploadTicket>;

export type IssueUploadTokenDeps = {
  readonly directUploads: DirectUploads;
  readonly ids: Ids;
  readonly clock: Clock;
  /**
   * Whether the upload URL is the app's own, which checks a video's bytes, size and duration as it arrives (the local
   * store). A presigned S3 PUT takes whatever is sent, so videos then go through POST /materials/bytes.
   */
  readonly checksVideos: boolean;
};

/** POST /image/upload-token: a fresh object key under `uploads/` and a URL to PUT its bytes to directly. */
export function makeIssueUploadToken({ directUploads, ids, clock, checksVideos }: IssueUploadTokenDeps): IssueUploadToken {
  return async ({ contentType }) => {
    if (contentType.startsWith('video/') && !checksVideos) {
      throw invalid('VIDEO_DIRECT_UPLOAD_UNSUPPORTED', '对象存储直传无法检查视频内容，请用 POST /api/materials/bytes 上传视频', [
        { path: '/content_type', message: '视频请用素材上传接口' },
      ]);
    }
    const key = `uploads/${ids.uuid()}.${UPLOAD_CONTENT_TYPES[contentType]}`;
    return directUploads.issue(key, contentType, new Date(clock.now().getTime() + UPLOAD_TICKET_TTL_MS));
  };
}
