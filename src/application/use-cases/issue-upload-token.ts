import { type Clock } from '../ports/clock.ts';
import { type DirectUploads, type UploadTicket } from '../ports/direct-uploads.ts';
import { type Ids } from '../ports/ids.ts';

/** Direct uploads may carry these types; the extension of the stored key follows the type. */
export const UPLOAD_CONTENT_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type UploadContentType = keyof typeof UPLOAD_CONTENT_TYPES;

/** DECISIONS §5: a signed upload URL lives 15 minutes. */
export const UPLOAD_TICKET_TTL_MS = 15 * 60 * 1000;

export type IssueUploadToken = (input: { contentType: UploadContentType }) => Promise<UploadTicket>;

/** POST /image/upload-token: a fresh object key under `uploads/` and a URL to PUT its bytes to directly. */
export function makeIssueUploadToken({ directUploads, ids, clock }: { directUploads: DirectUploads; ids: Ids; clock: Clock }): IssueUploadToken {
  return ({ contentType }) => {
    const key = `uploads/${ids.uuid()}.${UPLOAD_CONTENT_TYPES[contentType]}`;
    return directUploads.issue(key, contentType, new Date(clock.now().getTime() + UPLOAD_TICKET_TTL_MS));
  };
}
