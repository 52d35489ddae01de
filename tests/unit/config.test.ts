import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config.ts';
import { parseDuration } from '../../src/infrastructure/duration.ts';

describe('parseDuration', () => {
  it.each([
    ['250ms', 250],
    ['30s', 30_000],
    ['15m', 900_000],
    ['1h', 3_600_000],
    ['7d', 604_800_000],
    ['90', 90_000],
  ])('reads %s as %i ms', (text, ms) => expect(parseDuration(text, 'X')).toBe(ms));

  it.each(['', 'soon', '-1h', '0s', '1w'])('refuses %j naming the variable', (text) => {
    expect(() => parseDuration(text, 'JWT_TTL')).toThrow(/JWT_TTL/);
  });
});

describe('loadConfig', () => {
  it('falls back to the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: '/tmp/lws-config' });
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: 8787,
      databaseUrl: 'sqlite:///tmp/lws-config/listing.db',
      jwtTtlMs: 7 * 86_400_000,
      objectStore: 'local',
      downloadConcurrency: 4,
      outboundAllowPrivate: false,
      ozonApiUrl: 'https://api-seller.ozon.ru',
      logLevel: 'info',
    });
    expect(config.fx.cbrUrl).toBe('https://www.cbr-xml-daily.ru/daily_json.js');
    expect(config.fx.ttlMs).toBe(3_600_000);
    expect(config.proxyImageHosts).toContain('alicdn.com');
    expect(config.appToken).toBeUndefined();
  });

  it('waits a second before the first publish poll unless PUBLISH_POLL_FIRST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/lws-config' }).publishPoll.firstMs).toBe(1_000);
    expect(loadConfig({ DATA_DIR: '/tmp/lws-config', PUBLISH_POLL_FIRST: '50ms' }).publishPoll.firstMs).toBe(50);
    expect(() => loadConfig({ DATA_DIR: '/tmp/lws-config', PUBLISH_POLL_FIRST: 'soon' })).toThrow(/PUBLISH_POLL_FIRST/);
  });

  it('keeps metrics off without METRICS_PORT, on 127.0.0.1 unless METRICS_HOST says otherwise, and refuses a bad port', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/lws-config' }).metrics).toEqual({ port: undefined, host: '127.0.0.1' });
    expect(loadConfig({ DATA_DIR: '/tmp/lws-config', METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0' }).metrics).toEqual({ port: 9464, host: '0.0.0.0' });
    for (const port of ['0', '65536', 'nine'])
      expect(() => loadConfig({ DATA_DIR: '/tmp/lws-config', METRICS_PORT: port })).toThrow(/METRICS_PORT must be an integer from 1 to 65535/);
  });

  it('reads overrides and normalises lists and base URLs', () => {
    const config = loadConfig({
      PORT: '9000',
      DATABASE_URL: 'postgres://u@h/db',
      PUBLIC_BASE_URL: 'https://shop.example.com/',
      PROXY_IMAGE_HOSTS: ' .Example.com , cdn.test ',
      OUTBOUND_ALLOW_PRIVATE: 'true',
      OZON_API_URL: 'http://127.0.0.1:9999/',
    });
    expect(config.port).toBe(9000);
    expect(config.databaseUrl).toBe('postgres://u@h/db');
    expect(config.publicBaseUrl).toBe('https://shop.example.com');
    expect(config.proxyImageHosts).toEqual(['example.com', 'cdn.test']);
    expect(config.outboundAllowPrivate).toBe(true);
    expect(config.ozonApiUrl).toBe('http://127.0.0.1:9999');
  });

  it('takes each AI family’s model id from its variable, else today’s id', () => {
    expect(loadConfig({ DATA_DIR: '/tmp/lws-config' }).ai.modelIds).toEqual({
      deepseek: 'deepseek-chat',
      qwen: 'qwen-plus',
      doubao: 'doubao-seed-1-6-251015',
      openai: 'gpt-4.1-mini',
      'gpt-image': 'gpt-image-1',
      'gemini-image': 'gemini-2.5-flash-image',
      seedream: 'doubao-seedream-4-0-250828',
      'qwen-image': 'qwen-image-edit-plus',
    });
    const env = {
      DEEPSEEK_MODEL: 'deepseek-reasoner',
      QWEN_MODEL: 'qwen-max',
      DOUBAO_MODEL: ' ep-1 ',
      OPENAI_TEXT_MODEL: 'gpt-5-mini',
      OPENAI_IMAGE_MODEL: 'gpt-image-1-mini',
      GEMINI_IMAGE_MODEL: 'gemini-3-pro-image-preview',
      SEEDREAM_MODEL: 'ep-2',
      QWEN_IMAGE_MODEL: 'qwen-image-edit',
      DATA_DIR: '/tmp/lws-config',
    };
    expect(Object.values(loadConfig(env).ai.modelIds)).toEqual([
      'deepseek-reasoner',
      'qwen-max',
      'ep-1',
      'gpt-5-mini',
      'gpt-image-1-mini',
      'gemini-3-pro-image-preview',
      'ep-2',
      'qwen-image-edit',
    ]);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ OBJECT_STORE: 'ftp' }, /OBJECT_STORE/],
    [{ OUTBOUND_ALLOW_PRIVATE: 'maybe' }, /OUTBOUND_ALLOW_PRIVATE/],
    [{ FX_CBR_URL: 'not a url' }, /FX_CBR_URL/],
    [{ DOWNLOAD_CONCURRENCY: '0' }, /DOWNLOAD_CONCURRENCY/],
  ])('refuses an unusable value and names the variable (%j)', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('SECRET_KEY_PREVIOUS', () => {
  it('lists earlier keys for rotation, empty by default', () => {
    expect(loadConfig({}).previousSecretKeys).toEqual([]);
    expect(loadConfig({ SECRET_KEY_PREVIOUS: ' old-1 , old-2,' }).previousSecretKeys).toEqual(['old-1', 'old-2']);
  });
});
