import { Type } from '@sinclair/typebox';
import { FileAnswer } from './common.ts';

/** http(s), or scheme-less `//host/…` as the sourcing sites write them (read as https). */
export const ProxyImageQuery = Type.Object({
  url: Type.String({ minLength: 3, maxLength: 4096, pattern: '^\\s*(?:[Hh][Tt][Tt][Pp][Ss]?:)?//\\S', description: '源站图片的 http(s) 或 // 开头的地址' }),
});
/** The relayed image bytes. */
export const ImageBytes = FileAnswer<unknown>('image/*', '源站图片（JPEG、PNG、WebP 或 GIF）');
