import { createHmac } from 'node:crypto';
import { type ServerResponse } from 'node:http';
import { type FakeServer, type RecordedRequest, sendJson, startFakeServer } from './fake-server.ts';

/** A message one fake robot accepted, in arrival order. */
export type RobotMessage = { readonly kind: 'wecom' | 'dingtalk' | 'feishu'; readonly robot: string; readonly text: string };

export type GroupRobotFakes = FakeServer & {
  /** Accepted messages, oldest first. */
  readonly messages: RobotMessage[];
  /** Registers a robot and answers the URL its group would show. */
  wecom(key: string): string;
  dingtalk(token: string, secret?: string): string;
  feishu(hookId: string, secret?: string): string;
  /** While true every connection is dropped unanswered (the robot's server is down). */
  down: boolean;
  /** While set, every message is refused with this errcode/errmsg (WeCom and DingTalk; Feishu gets code/msg). */
  refuse: { readonly code: number; readonly message: string } | null;
  /** Requests refused for their signature, to show the check ran. */
  readonly badSignatures: number;
};

/** The vendors allow a signature's timestamp within an hour of their own clock. */
const HOUR_MS = 3_600_000;

/**
 * Fake WeCom, DingTalk and Feishu group robots on one local server. Each checks what its vendor documents — WeCom
 * the key in the URL (no signature), DingTalk `timestamp` (ms) and `sign` = Base64(HMAC-SHA256(secret,
 * timestamp + "\n" + secret)) in the query, Feishu `timestamp` (s) and `sign` = Base64(HMAC-SHA256(timestamp + "\n"
 * + secret, "")) in the body — and answers as the vendor does. Written apart from the service's signing code.
 * `now` is the robots' clock (a test's injected clock when the service's is too).
 */
export async function startGroupRobots(options: { now?: () => number } = {}): Promise<GroupRobotFakes> {
  const now = options.now ?? (() => Date.now());
  const wecomKeys = new Set<string>();
  const dingtalk = new Map<string, string | undefined>();
  const feishu = new Map<string, string | undefined>();
  const messages: RobotMessage[] = [];
  const state = { down: false, refuse: null as GroupRobotFakes['refuse'], badSignatures: 0 };

  const hmacBase64 = (key: string, message: string): string =>
    createHmac('sha256', Buffer.from(key, 'utf8')).update(Buffer.from(message, 'utf8')).digest('base64');
  const within = (timestampMs: number): boolean => Number.isFinite(timestampMs) && Math.abs(now() - timestampMs) <= HOUR_MS;

  const handle = (request: RecordedRequest, response: ServerResponse): void => {
    if (state.down) {
      response.socket?.destroy();
      return;
    }
    const url = new URL(request.url, 'http://robot.local');
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(request.body.toString('utf8')) as Record<string, unknown>;
    } catch {
      return sendJson(response, 200, { errcode: 40035, errmsg: 'invalid json' });
    }
    if (request.method !== 'POST') return sendJson(response, 405, { errcode: 405, errmsg: 'method not allowed' });

    if (url.pathname === '/cgi-bin/webhook/send') {
      if (!wecomKeys.has(url.searchParams.get('key') ?? '')) return sendJson(response, 200, { errcode: 93000, errmsg: 'invalid webhook url' });
      if (state.refuse) return sendJson(response, 200, { errcode: state.refuse.code, errmsg: state.refuse.message });
      const text = (body.text as { content?: unknown } | undefined)?.content;
      if (body.msgtype !== 'text' || typeof text !== 'string') return sendJson(response, 200, { errcode: 40008, errmsg: 'invalid message type' });
      messages.push({ kind: 'wecom', robot: url.searchParams.get('key')!, text });
      return sendJson(response, 200, { errcode: 0, errmsg: 'ok' });
    }

    if (url.pathname === '/robot/send') {
      const token = url.searchParams.get('access_token') ?? '';
      if (!dingtalk.has(token)) return sendJson(response, 200, { errcode: 300001, errmsg: 'token is not exist' });
      const secret = dingtalk.get(token);
      if (secret !== undefined) {
        const timestamp = url.searchParams.get('timestamp') ?? '';
        const sign = url.searchParams.get('sign') ?? '';
        if (!within(Number(timestamp))) {
          state.badSignatures += 1;
          return sendJson(response, 200, { errcode: 310000, errmsg: 'invalid timestamp' });
        }
        if (sign !== hmacBase64(secret, `${timestamp}\n${secret}`)) {
          state.badSignatures += 1;
          return sendJson(response, 200, { errcode: 310000, errmsg: 'sign not match' });
        }
      }
      if (state.refuse) return sendJson(response, 200, { errcode: state.refuse.code, errmsg: state.refuse.message });
      const text = (body.text as { content?: unknown } | undefined)?.content;
      if (body.msgtype !== 'text' || typeof text !== 'string') return sendJson(response, 200, { errcode: 40035, errmsg: '缺少参数 json' });
      messages.push({ kind: 'dingtalk', robot: token, text });
      return sendJson(response, 200, { errcode: 0, errmsg: 'ok' });
    }

    const hook = /^\/open-apis\/bot\/v2\/hook\/([^/]+)$/.exec(url.pathname)?.[1];
    if (hook !== undefined) {
      if (!feishu.has(hook)) return sendJson(response, 200, { code: 19001, msg: 'param invalid: incoming webhook access token invalid', data: {} });
      const secret = feishu.get(hook);
      if (secret !== undefined) {
        const timestamp = typeof body.timestamp === 'string' ? body.timestamp : '';
        if (!within(Number(timestamp) * 1000) || body.sign !== hmacBase64(`${timestamp}\n${secret}`, '')) {
          state.badSignatures += 1;
          return sendJson(response, 200, { code: 19021, msg: 'sign match fail or timestamp is not within one hour from current time', data: {} });
        }
      }
      if (state.refuse) return sendJson(response, 200, { code: state.refuse.code, msg: state.refuse.message, data: {} });
      const text = (body.content as { text?: unknown } | undefined)?.text;
      if (body.msg_type !== 'text' || typeof text !== 'string') return sendJson(response, 200, { code: 9499, msg: 'Bad Request', data: {} });
      messages.push({ kind: 'feishu', robot: hook, text });
      return sendJson(response, 200, { code: 0, msg: 'success', data: {} });
    }
    sendJson(response, 404, { errcode: 404, errmsg: 'not found' });
  };

  const server = await startFakeServer(handle);
  return {
    url: server.url,
    requests: server.requests,
    close: () => server.close(),
    messages,
    wecom(key: string) {
      wecomKeys.add(key);
      return `${server.url}/cgi-bin/webhook/send?key=${key}`;
    },
    dingtalk(token: string, secret?: string) {
      dingtalk.set(token, secret);
      return `${server.url}/robot/send?access_token=${token}`;
    },
    feishu(hookId: string, secret?: string) {
      feishu.set(hookId, secret);
      return `${server.url}/open-apis/bot/v2/hook/${hookId}`;
    },
    get down() {
      return state.down;
    },
    set down(value: boolean) {
      state.down = value;
    },
    get refuse() {
      return state.refuse;
    },
    set refuse(value: GroupRobotFakes['refuse']) {
      state.refuse = value;
    },
    get badSignatures() {
      return state.badSignatures;
    },
  };
}
