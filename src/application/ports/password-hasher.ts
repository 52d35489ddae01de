/** Turns passwords into PHC strings and checks them. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /** Whether the password matches; `rehash` when the stored string uses other parameters than today's. */
  verify(stored: string, password: string): Promise<{ readonly ok: boolean; readonly rehash: boolean }>;
  /** Spends the time of one verification against a throwaway hash (an unknown user name must not answer faster). */
  verifyDummy(password: string): Promise<void>;
}

/** Whether a password is on a list of the most common passwords. */
export type CommonPasswords = (password: string) => boolean;
