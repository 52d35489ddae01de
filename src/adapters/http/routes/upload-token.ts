import { type Readable } from 'node:stream';
import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { type IssueUploadToken } from '../../../application/use-cases/issue-upload-token.ts';
import { type ReceiveDirectUpload } from '../../../application/use-cases/receive-direct-upload.ts';
import { UPLOAD_PREFIX } from '../../storage/local-direct-uploads.ts';
import { ErrorBodyRef, withErrors } from '../schemas/common.ts';
import { DirectUploadParams, DirectUploadQuery, DirectUploadReply, UploadTokenBody, UploadTokenReply } from '../schemas/upload-token.ts';

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
export const VIDEO_BODY_TYPES = ['video/mp4', 'video/quicktime'];

/** The Content-Length the client declared, when it is a plain number. */
function declaredLength(header: string | undefined): number | undefined {
  return header !== undefined && /^\d{1,16}$/.test(header) ? Number(header) : undefined;
}

/** A PUT without a body reads as an empty one (the image check then refuses it). */
async function* nothing(): AsyncGenerator<Uint8Array> {}

export type DirectUploadRouteDeps = { readonly receiveDirectUpload: ReceiveDirectUpload };

/**
 * PUT /uploads/{ticket}?sig=…: the local store's signed, single-use upload URL (public: the signature is the
 * credential). Bodies are not parsed: the request stream goes to the use case, which reads it only up to the cap of
 * the kind the ticket was issued for (so a 90 MB "image" is refused after 20 MB at most, or unread when declared).
 */
export const directUploadRoutes =
  ({ receiveDirectUpload }: DirectUploadRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.addContentTypeParser([...IMAGE_BODY_TYPES, ...VIDEO_BODY_TYPES], (_request, payload, done) => done(null, payload));
    app.put(
      `${UPLOAD_PREFIX}:ticket`,
      {
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
        const result = await receiveDirectUpload({
          ticketId: request.params.ticket,
          signature: request.query.sig,
          body: (request.body as Readable | undefined) ?? nothing(),
          declaredBytes: declaredLength(request.headers['content-length']),
        });
        return { stored_url: result.storedUrl, bytes: result.bytes };
      },
    );
  };
