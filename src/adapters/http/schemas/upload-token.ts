import { Type } from '@sinclair/typebox';

export const UploadTokenBody = Type.Object({
  content_type: Type.Union(
    [Type.Literal('image/jpeg'), Type.Literal('image/png'), Type.Literal('image/webp'), Type.Literal('video/mp4'), Type.Literal('video/quicktime')],
    {
      default: 'image/jpeg',
      description: '视频（MP4/MOV，8 秒到 5 分钟，最大 MAX_VIDEO_BYTES）仅限本地存储：上传时边收边检查',
    },
  ),
});

export const UploadTokenReply = Type.Object({
  upload_url: Type.String(),
  method: Type.Literal('PUT'),
  headers: Type.Record(Type.String(), Type.String()),
  expires_at: Type.String(),
  stored_url: Type.String(),
});

export const DirectUploadParams = Type.Object({ ticket: Type.String({ minLength: 1, maxLength: 64 }) });
export const DirectUploadQuery = Type.Object({ sig: Type.String({ minLength: 1, maxLength: 128 }) });
export const DirectUploadReply = Type.Object({ stored_url: Type.String(), bytes: Type.Integer() });
