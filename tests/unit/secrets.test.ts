import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/infrastructure/config.ts';
import { loadSecrets } from '../../src/infrastructure/secrets.ts';

const freshDir = (): string => mkdtempSync(path.join(tmpdir(), 'lws-secrets-'));

describe('loadSecrets', () => {
  it('generates strong secrets on first start, keeps them in secrets.json (0600) and reuses them', () => {
    const dataDir = freshDir();
    const first = loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    const file = path.join(dataDir, 'secrets.json');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(first.appToken.length).toBeGreaterThanOrEqual(32);
    expect(Buffer.byteLength(first.jwtSecret)).toBeGreaterThanOrEqual(32);
    expect(new Set([first.appToken, first.jwtSecret, first.secretKey]).size).toBe(3);
    expect(first.appTokenGenerated).toBe(true);

    const second = loadSecrets(loadConfig({ DATA_DIR: dataDir }));
    expect(second).toEqual(first);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ app_token: first.appToken, jwt_secret: first.jwtSecret, secret_key: first.secretKey });
  });

  it('prefers the environment and does not report the app token as generated', () => {
    const secrets = loadSecrets(loadConfig({ DATA_DIR: freshDir(), APP_TOKEN: 'given-token', JWT_SECRET: 'j'.repeat(40), SECRET_KEY: 'k'.repeat(40) }));
    expect(secrets).toEqual({ appToken: 'given-token', jwtSecret: 'j'.repeat(40), secretKey: 'k'.repeat(40), appTokenGenerated: false });
  });

  it('refuses a JWT secret shorter than 32 bytes', () => {
    expect(() => loadSecrets(loadConfig({ DATA_DIR: freshDir(), JWT_SECRET: 'short' }))).toThrow(/32 bytes/);
  });
});
