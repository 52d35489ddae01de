import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type ListExtLogs, type RecordExtLogs } from '../../../application/use-cases/ext-logs.ts';
import { type GetExtProfiles, type SaveExtProfiles } from '../../../application/use-cases/ext-profiles.ts';
import { type ExtProfiles } from '../../../domain/intake/ext-profiles.ts';
import { type JsonObject } from '../../../domain/common/json.ts';
import { withErrors } from '../schemas/common.ts';
import {
  EXT_LOG_BODY_LIMIT,
  ExtLogsAccepted,
  ExtLogsBody,
  ExtLogsPage,
  ExtLogsQuery,
  ExtProfilesBody,
  ExtProfilesReply,
  IfNoneMatchHeaders,
} from '../schemas/ext.ts';

export type ExtRouteDeps = {
  readonly getExtProfiles: GetExtProfiles;
  readonly saveExtProfiles: SaveExtProfiles;
  readonly recordExtLogs: RecordExtLogs;
  readonly listExtLogs: ListExtLogs;
};

const tags = ['extension'];

const toBody = (document: ExtProfiles) => ({ ...document, profiles: document.profiles.map((profile) => ({ ...profile, match: [...profile.match] })) });

/** True when an If-None-Match list names this ETag (or `*`); weak validators compare equal too. */
const matches = (header: string | undefined, etag: string): boolean =>
  header !== undefined && header.split(',').some((tag) => ['*', etag].includes(tag.trim().replace(/^W\//, '')));

/** /api/ext: remote collection profiles (ETag/304) and batched telemetry from the browser extension. */
export const extRoutes =
  (deps: ExtRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get(
      '/ext/profiles',
      {
        schema: {
          tags,
          summary: '扩展采集配置（支持 ETag / 304）',
          headers: IfNoneMatchHeaders,
          response: withErrors({ 200: ExtProfilesReply, 304: Type.Unsafe<undefined>({ description: '未修改（内容与 If-None-Match 相同）' }) }),
        },
      },
      async (request, reply) => {
        const { profiles, etag } = await deps.getExtProfiles();
        reply.header('etag', etag).header('cache-control', 'no-cache');
        if (matches(request.headers['if-none-match'], etag)) return reply.status(304).send(undefined);
        return reply.send(toBody(profiles));
      },
    );

    app.put(
      '/ext/profiles',
      { schema: { tags, summary: '替换扩展采集配置', body: ExtProfilesBody, response: withErrors({ 200: ExtProfilesReply }) } },
      async (request, reply) => {
        const { profiles, etag } = await deps.saveExtProfiles(
          request.body.profiles.map((profile) => ({ ...profile, selectors: profile.selectors as JsonObject })),
        );
        return reply.header('etag', etag).send(toBody(profiles));
      },
    );

    app.post(
      '/ext/logs',
      { bodyLimit: EXT_LOG_BODY_LIMIT, schema: { tags, summary: '扩展批量上报日志', body: ExtLogsBody, response: withErrors({ 202: ExtLogsAccepted }) } },
      async (request, reply) => reply.status(202).send(await deps.recordExtLogs(request.body.events as JsonObject[])),
    );

    app.get(
      '/ext/logs',
      { schema: { tags, summary: '扩展日志（最新在前，分页）', querystring: ExtLogsQuery, response: withErrors({ 200: ExtLogsPage }) } },
      async (request) => deps.listExtLogs({ page: request.query.page, pageSize: request.query.page_size }),
    );
  };
