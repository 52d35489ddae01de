import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type Config } from './config.ts';

export type Secrets = {
  readonly appToken: string;
  readonly jwtSecret: string;
  readonly secretKey: string;
  /** True when the app token was generated now or earlier (not given by the environment), so start-up prints it. */
  readonly appTokenGenerated: boolean;
};

type StoredSecrets = { app_token?: string; jwt_secret?: string; secret_key?: string };

const SECRETS_FILE = 'secrets.json';
const fresh = (bytes: number): string => randomBytes(bytes).toString('base64url');

function readStored(file: string): StoredSecrets {
  if (!existsSync(file)) return {};
  const parsed: unknown = JSON.parse(readFileSync(file, 'utf8'));
  return typeof parsed === 'object' && parsed !== null ? (parsed as StoredSecrets) : {};
}

/**
 * Secrets from the environment win; missing ones come from DATA_DIR/secrets.json, generated there on first
 * start (mode 0600) so tokens and encrypted keys survive restarts.
 */
export function loadSecrets(config: Config): Secrets {
  const file = path.join(config.dataDir, SECRETS_FILE);
  const stored = readStored(file);
  const next: StoredSecrets = {
    app_token: stored.app_token ?? fresh(24),
    jwt_secret: stored.jwt_secret ?? fresh(48),
    secret_key: stored.secret_key ?? fresh(32),
  };
  const needsWrite = next.app_token !== stored.app_token || next.jwt_secret !== stored.jwt_secret || next.secret_key !== stored.secret_key;
  if (needsWrite && !(config.appToken && config.jwtSecret && config.secretKey)) {
    mkdirSync(config.dataDir, { recursive: true, mode: 0o700 });
    writeFileSync(file, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
    chmodSync(file, 0o600);
  }
  const jwtSecret = config.jwtSecret ?? next.jwt_secret!;
  if (Buffer.byteLength(jwtSecret) < 32) throw new Error('JWT_SECRET must be at least 32 bytes');
  return {
    appToken: config.appToken ?? next.app_token!,
    jwtSecret,
    secretKey: config.secretKey ?? next.secret_key!,
    appTokenGenerated: config.appToken === undefined,
  };
}
