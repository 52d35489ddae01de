import { dictionary } from '@zxcvbn-ts/language-common';
import { type CommonPasswords } from '../../application/ports/password-hasher.ts';

/**
 * The ~49 000 most common passwords from zxcvbn-ts's common dictionary (ranked leaked-password lists), compared
 * case-blind. Loaded once on first use.
 */
let list: ReadonlySet<string> | undefined;

export const isCommonPassword: CommonPasswords = (password) => {
  list ??= new Set(dictionary['passwords-common'].map((entry) => entry.toLowerCase()));
  return list.has(password.normalize('NFKC').toLowerCase());
};
