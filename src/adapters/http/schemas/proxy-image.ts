import { Type } from '@sinclair/typebox';

export const ProxyImageQuery = Type.Object({ url: Type.String({ minLength: 3, maxLength: 4096 }) });
/** The relayed image bytes. */
export const ImageBytes = Type.Unsafe<unknown>({ type: 'string', format: 'binary' });
