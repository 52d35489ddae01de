import { randomBytes } from 'node:crypto';
import argon2 from 'argon2';
import { type PasswordHasher } from '../../application/ports/password-hasher.ts';

/** argon2id cost: memory in KiB, passes, lanes. */
export type Argon2Cost = { readonly memoryCost: number; readonly timeCost: number; readonly parallelism: number };

/** OWASP's first argon2id choice: 19 MiB, two passes, one lane (docs/decisions.md, Accounts). */
export const OWASP_ARGON2ID: Argon2Cost = { memoryCost: 19 * 1024, timeCost: 2, parallelism: 1 };

/**
 * argon2id in PHC form (`$argon2id$v=19$m=19456,t=2,p=1$salt$hash`). A stored string with other parameters still
 * verifies and asks for a rehash, so raising the cost upgrades each account at its next login.
 */
export function makeArgon2PasswordHasher(cost: Argon2Cost = OWASP_ARGON2ID): PasswordHasher {
  const options = { type: argon2.argon2id as 2, ...cost };
  // A throwaway hash at today's cost: unknown user names are verified against it, so they take as long.
  let dummy: Promise<string> | undefined;
  const dummyHash = (): Promise<string> => (dummy ??= argon2.hash(randomBytes(18).toString('base64'), options));
  return {
    hash: (password) => argon2.hash(password, options),
    async verify(stored, password) {
      let ok: boolean;
      try {
        ok = await argon2.verify(stored, password);
      } catch {
        return { ok: false, rehash: false }; // not a PHC string we can read: never a match
      }
      return { ok, rehash: ok && argon2.needsRehash(stored, cost) };
    },
    async verifyDummy(password) {
      await argon2.verify(await dummyHash(), password).catch(() => false);
    },
  };
}
