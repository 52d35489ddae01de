import { type Clock } from '../../application/ports/clock.ts';
import { type GroupRobot } from '../../application/ports/group-robot.ts';
import { type GuardedHttp } from '../../application/ports/guarded-http.ts';
import { readRobotAnswer, robotRequest } from './robot-wire.ts';

/** A robot answers in a few hundred bytes; a message must never hold anything else up for long. */
const LIMITS = { maxBytes: 64 * 1024, timeoutMs: 10_000 } as const;

/** Group robots through the guarded client: the URL a seller typed gets the same SSRF rules as any other. */
export function makeGuardedGroupRobot({ guardedHttp, clock }: { readonly guardedHttp: GuardedHttp; readonly clock: Clock }): GroupRobot {
  return {
    async send(target, text) {
      const request = robotRequest(target, text, clock.now());
      const response = await guardedHttp.post(request.url, JSON.stringify(request.body), LIMITS);
      const { code, words } = readRobotAnswer(response.status, response.body);
      const ok = response.status >= 200 && response.status < 300 && code === 0;
      return ok ? { ok, status: response.status, code: 0, words } : { ok, status: response.status, code, words: words || `HTTP ${response.status}` };
    },
  };
}
