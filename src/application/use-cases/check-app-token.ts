import { createHash, timingSafeEqual } from 'node:crypto';
import { DomainError } from '../../domain/errors.ts';

export type CheckAppTokenDeps = { readonly appToken: string };
export type CheckAppToken = (submitted: string) => void;

const digest = (text: string): Buffer => createHash('sha256').update(text, 'utf8').digest();

/**
 * Accepts the submitted token only when it equals the configured application token. Both sides are hashed
 * first so the comparison takes the same time whatever the lengths and contents.
 */
export function makeCheckAppToken({ appToken }: CheckAppTokenDeps): CheckAppToken {
  const expected = digest(appToken);
  return (submitted) => {
    if (!timingSafeEqual(digest(submitted), expected)) {
      throw new DomainError('unauthorized', 'INVALID_APP_TOKEN', '应用令牌不正确');
    }
  };
}
