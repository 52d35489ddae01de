import { type Readable } from 'node:stream';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type IssueUploadToken } from '../../../application/use-cases/issue-upload-token.ts';
import { type ReceiveDirectUpload } from '../../../application/use-cases/receive-direct-upload.ts';
import { type ReceiveDirectVideo } from '../../../application/use-cases/receive-direct-video.ts';
import { UPLOAD_PREFIX } from '../../storage/local-direct-uploads.ts';
import { ErrorBodyRef, withErrors } from '../schemas/common.ts';
import { DirectUploadParams, DirectUploadQuery, DirectUploadReply, UploadTokenBody, UploadTokenReply } from '../schemas/upload-token.ts';
import { UPLOAD_FILE_LIMIT } from './material-uploads.ts';

/** POST /api/image/upload-token: where the client may PUT an image (or a video) directly. */
export const uploadTokenRoutes =
  ({ issueUploadToken }: { issueUploadToken: IssueUploadToken }): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.post(
      '/image/upload-token',
      {
        schema: {
          tags: ['images'],
          summary: '直传对象存储的上传凭证（图片；本地存储时也可上传视频）',
          body: UploadTokenBody,
          response: withErrors({ 200: UploadTokenReply }),
        },
      },
      async (request) => {
        const ticket = await issueUploadToken({ contentType: request.body.content_type });
        return {
          upload_url: ticket.uploadUrl,
          method: ticket.method,
          headers: { ...ticket.headers },
          expires_at: ticket.expiresAt,
          stored_url: ticket.storedUrl,
        };
      },
    );
  };

const IMAGE_BODY_TYPES = ['image/jpeg', 'image/png', 'image/webp', 'image/gif', 'image/avif', 'application/octet-stream'];
/** Video bodies are not parsed: the request stream goes to the use case as it arrives (up to MAX_VIDEO_BYTES). */
export const VIDEO_BODY_TYPES = ['video/mp4', 'video/quicktime'];

export type DirectUploadRouteDeps = {
  readonly receiveDirectUpload: ReceiveDirectUpload;
  readonly receiveDirectVideo: ReceiveDirectVideo;
  readonly maxVideoBytes: number;
};

/** PUT /uploads/{ticket}?sig=…: the local store's signed, single-use upload URL (public: the signature is the credential). */
export const directUploadRoutes =
  ({ receiveDirectUpload, receiveDirectVideo, maxVideoBytes }: DirectUploadRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addContentTypeParser(IMAGE_BODY_TYPES, { parseAs: 'buffer', bodyLimit: UPLOAD_FILE_LIMIT }, (_request, body, done) => done(null, body));
    app.addContentTypeParser(VIDEO_BODY_TYPES, (_request, payload, done) => done(null, payload));
    app.put(
      `${UPLOAD_PREFIX}:ticket`,
      {
        bodyLimit: Math.max(UPLOAD_FILE_LIMIT, maxVideoBytes),
        schema: {
          tags: ['images'],
          summary: '本地存储的签名直传地址（一次性，15 分钟内有效）',
          security: [],
          params: DirectUploadParams,
          querystring: DirectUploadQuery,
          response: { 200: DirectUploadReply, 401: ErrorBodyRef, 409: ErrorBodyRef, 413: ErrorBodyRef, 415: ErrorBodyRef, 422: ErrorBodyRef },
        },
      },
      async (request) => {
        const target = { ticketId: request.params.ticket, signature: request.query.sig };
        if (VIDEO_BODY_TYPES.includes(request.headers['content-type']?.split(';')[0]?.trim() ?? '')) {
          const result = await receiveDirectVideo({ ...target, body: request.body as Readable });
          return { stored_url: result.storedUrl, bytes: result.bytes };
        }
        const body = request.body as Buffer | undefined;
        const bytes = body ? new Uint8Array(body.buffer, body.byteOffset, body.byteLength) : new Uint8Array();
        const result = await receiveDirectUpload({ ...target, body: bytes });
        return { stored_url: result.storedUrl, bytes: result.bytes };
      },
    );
  };
