import { type AuditEntry, type AuditLog } from '../ports/audit-log.ts';

export type ListAudit = (query: { readonly page: number; readonly pageSize: number }) => Promise<{ total: number; items: AuditEntry[] }>;

/** The audit log, newest first. */
export const makeListAudit =
  (deps: { readonly audit: AuditLog }): ListAudit =>
  ({ page, pageSize }) =>
    deps.audit.list(page, pageSize);
