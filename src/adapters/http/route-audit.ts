import { type FastifyReply, type FastifyRequest, type onSendAsyncHookHandler } from 'fastify';
import { type AuditAction, type AuditLog } from '../../application/ports/audit-log.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit action a successful call of this route records (docs/decisions.md, Accounts), declared next to `role`. */
    audit?: AuditAction;
  }
}

/** The id (and name) a route acted on: its `:id` parameter, else what the answer says about the new resource. */
function targetOf(request: FastifyRequest, payload: unknown): string | null {
  let body: { id?: unknown; name?: unknown } = {};
  if (typeof payload === 'string' && payload.startsWith('{')) {
    try {
      body = JSON.parse(payload) as typeof body;
    } catch {
      body = {};
    }
  }
  const id = (request.params as { id?: string } | undefined)?.id ?? (typeof body.id === 'string' ? body.id : undefined);
  const name = typeof body.name === 'string' ? body.name : undefined;
  if (!id) return name ?? null;
  return name ? `${name} (${id})` : id;
}

/**
 * Records the route's declared audit action once it succeeded. Routes owned by other features (shops) declare
 * `config: { audit: 'shop_created' }` instead of calling the log in each handler. Only ids and names are kept.
 */
export function makeRouteAudit(audit: AuditLog): onSendAsyncHookHandler<unknown> {
  return async function routeAudit(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
    const action = request.routeOptions.config.audit;
    if (action && reply.statusCode < 300) await audit.record({ action, target: targetOf(request, payload), actor: request.principal.username, ip: request.ip });
    return payload;
  };
}
