import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { makeAesGcmSecretBox } from '../../src/adapters/crypto/aes-gcm-secret-box.ts';

const box = makeAesGcmSecretBox('current-secret');

const mutate = (sealed: string, index: number, change: (part: Buffer) => Buffer): string => {
  const parts = sealed.split('.');
  parts[index] = change(Buffer.from(parts[index]!, 'base64url')).toString('base64url');
  return parts.join('.');
};

describe('AES-256-GCM secret box', () => {
  it('opens what it sealed, for any text', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 300, unit: 'binary' }), fc.uuid(), (text, shopId) => {
        expect(box.open(box.seal(text, shopId), shopId)).toBe(text);
      }),
      { numRuns: 50 },
    );
  });

  it('never contains the plaintext and uses a fresh 12-byte IV each time', () => {
    const a = box.seal('3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', 'shop:1');
    const b = box.seal('3f1b2c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d', 'shop:1');
    expect(a).not.toContain('3f1b2c4d');
    expect(a).not.toBe(b);
    const [format, keyId, iv, tag] = a.split('.');
    expect(format).toBe('v1');
    expect(keyId).toMatch(/^[0-9a-f]{8}$/);
    expect(Buffer.from(iv!, 'base64url')).toHaveLength(12);
    expect(Buffer.from(tag!, 'base64url')).toHaveLength(16);
  });

  it('refuses another context (a sealed key moved to another shop row)', () => {
    expect(() => box.open(box.seal('key', 'shop:1'), 'shop:2')).toThrow(expect.objectContaining({ code: 'SECRET_UNREADABLE' }));
  });

  it('refuses a truncated tag, an altered ciphertext and a wrong secret', () => {
    const sealed = box.seal('key-material', 'shop:1');
    expect(() =>
      box.open(
        mutate(sealed, 3, (tag) => tag.subarray(0, 4)),
        'shop:1',
      ),
    ).toThrow(expect.objectContaining({ code: 'SECRET_UNREADABLE' }));
    expect(() =>
      box.open(
        mutate(sealed, 4, (ct) => Buffer.from(ct.map((byte, i) => (i === 0 ? byte ^ 1 : byte)))),
        'shop:1',
      ),
    ).toThrow(expect.objectContaining({ code: 'SECRET_UNREADABLE' }));
    expect(() => makeAesGcmSecretBox('another-secret').open(sealed, 'shop:1')).toThrow(expect.objectContaining({ code: 'SECRET_UNREADABLE' }));
    expect(() => box.open('not-sealed', 'shop:1')).toThrow(expect.objectContaining({ code: 'SECRET_UNREADABLE' }));
  });

  it('still opens keys sealed before a rotation, and seals with the new key', () => {
    const sealedBefore = box.seal('old-key', 'shop:1');
    const rotated = makeAesGcmSecretBox('next-secret', ['current-secret']);
    expect(rotated.open(sealedBefore, 'shop:1')).toBe('old-key');
    const sealedAfter = rotated.seal('new-key', 'shop:1');
    expect(sealedAfter.split('.')[1]).not.toBe(sealedBefore.split('.')[1]);
    expect(() => box.open(sealedAfter, 'shop:1')).toThrow();
  });
});
