import { Type } from '@sinclair/typebox';
import { FileAnswer } from './common.ts';

export const ProxyImageQuery = Type.Object({ url: Type.String({ minLength: 3, maxLength: 4096 }) });
/** The relayed image bytes. */
export const ImageBytes = FileAnswer<unknown>('image/*', '源站图片（JPEG、PNG、WebP 或 GIF）');
