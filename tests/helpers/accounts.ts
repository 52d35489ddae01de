import { type FastifyInstance } from 'fastify';

/** A password every rule accepts (long, not common, holding no test user name). */
export const GOOD_PASSWORD = 'Kraska-Lodka-7731';

export type Headers = { authorization: string };

let addressCounter = 0;
/** A fresh client address, so one test's failed logins never throttle another's. */
export const freshAddress = (): string => `10.21.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

export async function createUser(
  app: FastifyInstance,
  admin: Headers,
  username: string,
  role: 'admin' | 'operator' = 'operator',
  password = GOOD_PASSWORD,
): Promise<{ id: string; username: string }> {
  const response = await app.inject({ method: 'POST', url: '/api/users', headers: admin, payload: { username, password, role } });
  if (response.statusCode !== 201) throw new Error(`create ${username}: ${response.statusCode} ${response.body}`);
  return response.json();
}

export function passwordLogin(app: FastifyInstance, username: string, password: string, remoteAddress = freshAddress()) {
  return app.inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { username, password } });
}

/** Logs in and answers the bearer header. */
export async function loginAs(app: FastifyInstance, username: string, password = GOOD_PASSWORD): Promise<Headers> {
  const response = await passwordLogin(app, username, password);
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.statusCode} ${response.body}`);
  return { authorization: `Bearer ${response.json<{ access_token: string }>().access_token}` };
}
