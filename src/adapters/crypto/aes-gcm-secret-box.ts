import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import { type SecretBox } from '../../application/ports/secret-box.ts';
import { DomainError } from '../../domain/common/errors.ts';

const FORMAT = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
/** scrypt cost: ~16 MB and tens of milliseconds, paid once per secret when the box is built. */
const SCRYPT = { N: 2 ** 14, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } as const;
const SALT = 'listing-workflow-service/shop-api-keys/v1';

type Key = { readonly id: string; readonly bytes: Buffer };

/**
 * One derivation per secret and process: the service builds its box once, but a process that builds many apps (the
 * tests: hundreds) paid ~40 ms of scrypt for each. The key is no more exposed than in the box that holds it.
 */
const derived = new Map<string, Key>();

function deriveKey(secret: string): Key {
  const known = derived.get(secret);
  if (known) return known;
  const key = deriveFreshKey(secret);
  derived.set(secret, key);
  return key;
}

function deriveFreshKey(secret: string): Key {
  const bytes = scryptSync(secret, SALT, 32, SCRYPT);
  // The key id names the key without revealing it: a hash of the derived key, not of the secret.
  const id = createHash('sha256').update('key-id').update(bytes).digest('hex').slice(0, 8);
  return { id, bytes };
}

const unreadable = (): DomainError => new DomainError('conflict', 'SECRET_UNREADABLE', '密文无法解密：数据被改动，或加密所用的密钥已不在配置中');

/**
 * AES-256-GCM with a key derived from the configured secret (scrypt), a random 12-byte IV per seal, a 16-byte
 * tag enforced on open (Node 20 would otherwise accept truncated tags, DEP0182), the context bound as AAD, and
 * the key id in front so older secrets can still open after a rotation: `v1.<kid>.<iv>.<tag>.<ciphertext>`.
 */
export function makeAesGcmSecretBox(secret: string, previousSecrets: readonly string[] = []): SecretBox {
  const current = deriveKey(secret);
  const keys = new Map([current, ...previousSecrets.map(deriveKey)].map((key) => [key.id, key]));

  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', current.bytes, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      return [FORMAT, current.id, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
    },

    open(sealed, context) {
      const [format, keyId, ivText, tagText, ciphertextText, ...extra] = sealed.split('.');
      const key = keyId === undefined ? undefined : keys.get(keyId);
      if (format !== FORMAT || !key || ivText === undefined || tagText === undefined || ciphertextText === undefined || extra.length > 0) throw unreadable();
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw unreadable();
      try {
        const decipher = createDecipheriv('aes-256-gcm', key.bytes, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(ciphertextText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw unreadable();
      }
    },
  };
}
