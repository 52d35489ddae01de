export const AUDIT_ACTIONS = [
  'login',
  'login_failed',
  'login_throttled',
  'user_created',
  'user_updated',
  'user_deleted',
  'password_changed',
  'shop_created',
  'shop_updated',
  'shop_deleted',
  'publish_sent',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export type AuditEntry = {
  readonly id: number;
  readonly at: string;
  readonly actor: string;
  readonly action: AuditAction;
  readonly target: string | null;
  readonly ip: string | null;
};

/**
 * What a use case says happened, and who did it from where (passed explicitly; without an actor the entry is
 * `system`'s, without an address none is kept). The adapter adds the time.
 */
export type AuditEvent = { readonly action: AuditAction; readonly target?: string | null; readonly actor?: string; readonly ip?: string | null };

/** The append-only audit log. Never give it a secret: targets are names and ids. */
export interface AuditLog {
  record(event: AuditEvent): Promise<void>;
  /** Newest first. */
  list(page: number, pageSize: number): Promise<{ total: number; items: AuditEntry[] }>;
}
