import { type FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { type CreateUser } from '../../../application/use-cases/create-user.ts';
import { type DeleteUser } from '../../../application/use-cases/delete-user.ts';
import { type ListUsers } from '../../../application/use-cases/list-users.ts';
import { type UpdateUser } from '../../../application/use-cases/update-user.ts';
import { type User } from '../../../domain/accounts/user.ts';
import { CreateUserBody, UpdateUserBody, UserBody, UserListBody } from '../schemas/users.ts';
import { IdParams, withErrors } from '../schemas/common.ts';
import { actorOf } from '../bearer.ts';

export type UserRouteDeps = {
  readonly listUsers: ListUsers;
  readonly createUser: CreateUser;
  readonly updateUser: UpdateUser;
  readonly deleteUser: DeleteUser;
};

const tags = ['users'];
/** Every /api/users route is for admins (docs/decisions.md, Accounts); `requireRole` enforces it. */
const config = { role: 'admin' as const };

/** What a response may say about a user: never the hash, never the token version. */
const toUserBody = (user: User) => ({
  id: user.id,
  username: user.username,
  display_name: user.display_name,
  role: user.role,
  disabled: user.disabled,
  created_at: user.created_at,
  updated_at: user.updated_at,
  last_login_at: user.last_login_at,
});

/** /api/users: the team's accounts (admins only). */
export const userRoutes =
  (deps: UserRouteDeps): FastifyPluginAsyncTypebox =>
  async (app) => {
    app.get('/users', { config, schema: { tags, summary: '用户列表（仅管理员）', response: withErrors({ 200: UserListBody }) } }, async () => {
      const { total, items } = await deps.listUsers();
      return { total, items: items.map(toUserBody) };
    });

    app.post(
      '/users',
      { config, schema: { tags, summary: '新建用户（仅管理员）', body: CreateUserBody, response: withErrors({ 201: UserBody }) } },
      async (request, reply) => reply.status(201).send(toUserBody(await deps.createUser({ ...request.body, actor: actorOf(request) }))),
    );

    app.patch(
      '/users/:id',
      {
        config,
        schema: {
          tags,
          summary: '修改角色、停用/启用、重置密码或显示名（仅管理员）',
          params: IdParams,
          body: UpdateUserBody,
          response: withErrors({ 200: UserBody }),
        },
      },
      async (request) => toUserBody(await deps.updateUser({ id: request.params.id, ...request.body, actor: actorOf(request) })),
    );

    app.delete(
      '/users/:id',
      { config, schema: { tags, summary: '删除用户（仅管理员）', params: IdParams, response: withErrors({ 204: Type.Null() }) } },
      async (request, reply) => {
        await deps.deleteUser(request.params.id, actorOf(request));
        return reply.status(204).send(null);
      },
    );
  };
