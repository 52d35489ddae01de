import { type OperationExample } from '../openapi-examples.ts';
import { EXAMPLE, EXAMPLE_ACCESS_TOKEN } from './ids.ts';

const user = (fields: { display_name: string; last_login_at: string | null }) => ({
  id: EXAMPLE.userId,
  username: 'wang.li',
  display_name: fields.display_name,
  role: 'operator',
  disabled: false,
  created_at: EXAMPLE.createdAt,
  updated_at: EXAMPLE.updatedAt,
  last_login_at: fields.last_login_at,
});

/** Health, login and session, the team's accounts and the audit log. */
export const ACCOUNT_EXAMPLES: Record<string, OperationExample> = {
  getHealth: { status: 200, answer: { status: 'ok', db: 'ok', version: '0.1.0', uptime_s: 5321, notice: null } },
  postAuthLogin: {
    body: { token: 'Xr7vN2qL9pT4wK8mZ3sY6bH1dF5gJ0cA' },
    status: 200,
    answer: { access_token: EXAMPLE_ACCESS_TOKEN, token_type: 'Bearer', expires_at: EXAMPLE.expiresAt },
  },
  getAuthSession: { status: 200, answer: { subject: 'app', expires_at: EXAMPLE.expiresAt } },
  getAuthMe: { status: 200, answer: { id: null, username: 'app-token', role: 'admin' } },
  getUsers: { status: 200, answer: { total: 1, items: [user({ display_name: '王丽', last_login_at: EXAMPLE.updatedAt })] } },
  postUsers: {
    body: { username: 'wang.li', password: 'Lantern-Harbor-7391', role: 'operator', display_name: '王丽' },
    status: 201,
    answer: user({ display_name: '王丽', last_login_at: null }),
    links: {
      UpdateUser: { operationId: 'patchUsersId', parameters: { id: '$response.body#/id' }, description: '修改这个用户' },
      DeleteUser: { operationId: 'deleteUsersId', parameters: { id: '$response.body#/id' }, description: '删除这个用户' },
    },
  },
  patchUsersId: {
    parameters: { id: EXAMPLE.userId },
    body: { display_name: '王丽（运营）' },
    status: 200,
    answer: user({ display_name: '王丽（运营）', last_login_at: null }),
  },
  postAuthPassword: {
    body: { old_password: 'Lantern-Harbor-7391', new_password: 'Copper-Meadow-5824' },
    status: 200,
    answer: {
      access_token: EXAMPLE_ACCESS_TOKEN,
      token_type: 'Bearer',
      expires_at: EXAMPLE.expiresAt,
      user: { id: EXAMPLE.userId, username: 'wang.li', role: 'operator' },
    },
  },
  deleteUsersId: { parameters: { id: EXAMPLE.userId }, status: 204 },
  getAudit: {
    parameters: { page: 1, page_size: 20 },
    status: 200,
    answer: {
      total: 2,
      items: [
        { id: 2, at: EXAMPLE.updatedAt, actor: 'app-token', action: 'user_updated', target: 'wang.li (display_name)', ip: '203.0.113.7' },
        { id: 1, at: EXAMPLE.createdAt, actor: 'app-token', action: 'user_created', target: 'wang.li (operator)', ip: '203.0.113.7' },
      ],
    },
  },
};
