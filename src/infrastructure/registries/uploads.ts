import { type DirectUploads, type UploadRedemptions } from '../../application/ports/direct-uploads.ts';
import { type IssueUploadToken } from '../../application/use-cases/issue-upload-token.ts';
import { type ReceiveDirectUpload } from '../../application/use-cases/receive-direct-upload.ts';

/** What this feature adds to the container. */
export type UploadsRegistry = {
  /** Signed upload URLs of the app itself (local object store), redeemed by `receiveDirectUpload`. */
  localUploads: DirectUploads & UploadRedemptions;
  /** Where the extension sends image bytes: the local signed URLs, or S3's presigned PUTs. */
  directUploads: DirectUploads;
  issueUploadToken: IssueUploadToken;
  receiveDirectUpload: ReceiveDirectUpload;
};
