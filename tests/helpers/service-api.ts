import { type ServiceProcess } from './service-process.ts';

/** Polls `probe` until it holds; a bound against hanging, never an assertion on how long it took. */
export async function until(what: string, probe: () => boolean | Promise<boolean>, limitMs = 60_000, state: () => string = () => ''): Promise<void> {
  const deadline = Date.now() + limitMs;
  while (!(await probe())) {
    if (Date.now() > deadline) throw new Error(`gave up waiting: ${what} ${state()}`.trim());
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are read field by field in the assertions
export type Api = (method: string, url: string, body?: unknown) => Promise<{ status: number; json: any }>;

/** JSON calls to a running service with a bearer token. */
export const apiOf =
  (base: string, token: string): Api =>
  async (method, url, body) => {
    const response = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    return { status: response.status, json: await response.json() };
  };

/** Logs in to a service process with its app token and answers its API with that session. */
export async function loginTo(service: ServiceProcess, appToken: string): Promise<Api> {
  const headers = { 'content-type': 'application/json' };
  const answer = await fetch(`${service.url}/api/auth/login`, { method: 'POST', headers, body: JSON.stringify({ token: appToken }) });
  return apiOf(service.url, ((await answer.json()) as { access_token: string }).access_token);
}
