/** Failed user-name logins, kept in the database so every instance sees them and a restart keeps them. */
export interface LoginThrottle {
  /** Seconds until a login for this name or from this address may be tried again; 0 when it may now. */
  retryAfter(usernameKey: string, ip: string, now: Date): Promise<number>;
  recordFailure(usernameKey: string, ip: string, now: Date): Promise<void>;
  /** A successful login forgets the name's failures (the address's stay). */
  clearName(usernameKey: string): Promise<void>;
}
