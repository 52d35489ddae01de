import { Type } from '@sinclair/typebox';
import { JsonObjectSchema, PageQuery } from './common.ts';

/** POST /ext/logs: at most this many bytes and events per batch (docs/decisions.md, Extension). */
export const EXT_LOG_BODY_LIMIT = 256 * 1024;
export const EXT_LOG_MAX_EVENTS = 500;

export const ExtProfile = Type.Object({
  platform: Type.String({ minLength: 1, maxLength: 32 }),
  match: Type.Array(Type.String({ maxLength: 500 }), { maxItems: 50 }),
  selectors: JsonObjectSchema,
});

export const ExtProfilesBody = Type.Object({ profiles: Type.Array(ExtProfile, { maxItems: 50 }) });
export const ExtProfilesReply = Type.Object({ version: Type.Integer(), updated_at: Type.String(), profiles: Type.Array(ExtProfile) });
export const IfNoneMatchHeaders = Type.Object({ 'if-none-match': Type.Optional(Type.String({ maxLength: 200 })) });

export const ExtLogsBody = Type.Object({ events: Type.Array(JsonObjectSchema, { minItems: 1, maxItems: EXT_LOG_MAX_EVENTS }) });
export const ExtLogsAccepted = Type.Object({ accepted: Type.Integer() });
export const ExtLogsQuery = Type.Object(PageQuery);
export const ExtLogsPage = Type.Object({
  total: Type.Integer(),
  items: Type.Array(Type.Object({ id: Type.String(), received_at: Type.String(), event: JsonObjectSchema })),
});
