import { Type } from '@sinclair/typebox';
import { AUDIT_ACTIONS } from '../../../application/ports/audit-log.ts';
import { DISPLAY_NAME_MAX, PASSWORD_MAX, ROLES } from '../../../domain/accounts/user.ts';
import { literals, nullable, Timestamp } from './common.ts';

const RoleSchema = literals(ROLES);
// Lengths are checked by the domain rules (with Chinese messages); the schema only refuses absurd sizes.
const Name = Type.String({ maxLength: 256 });
const Password = Type.String({ maxLength: PASSWORD_MAX * 4 });
const DisplayName = Type.String({ maxLength: DISPLAY_NAME_MAX });

export const UserBody = Type.Object({
  id: Type.String(),
  username: Type.String(),
  display_name: Type.String(),
  role: RoleSchema,
  disabled: Type.Boolean(),
  created_at: Timestamp,
  updated_at: Timestamp,
  last_login_at: nullable(Timestamp),
});

export const UserListBody = Type.Object({ total: Type.Integer(), items: Type.Array(UserBody) });

export const CreateUserBody = Type.Object(
  { username: Name, password: Password, role: RoleSchema, display_name: Type.Optional(DisplayName) },
  { additionalProperties: false },
);

export const UpdateUserBody = Type.Object(
  {
    role: Type.Optional(RoleSchema),
    disabled: Type.Optional(Type.Boolean()),
    password: Type.Optional(Password),
    display_name: Type.Optional(DisplayName),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const AuditEntryBody = Type.Object({
  id: Type.Integer(),
  at: Timestamp,
  actor: Type.String(),
  action: literals(AUDIT_ACTIONS),
  target: nullable(Type.String()),
  ip: nullable(Type.String()),
});

export const AuditListBody = Type.Object({ total: Type.Integer(), items: Type.Array(AuditEntryBody) });
