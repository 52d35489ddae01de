/** The access token the page keeps after login, with its expiry (DECISIONS §2 login shape). */
export type Session = { readonly accessToken: string; readonly expiresAt: string };

const KEY = 'lws.session';

/** Where the session lives; localStorage in the page, a map in tests. */
export type SessionStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

export type SessionStore = {
  /** The stored session, or null when none is kept or it has expired at `now`. */
  current(now: Date): Session | null;
  /** True when a session was kept but its expiry has passed (the page says so on the login form). */
  expired(now: Date): boolean;
  save(session: Session): void;
  clear(): void;
};

function read(storage: SessionStorage): Session | null {
  try {
    const parsed = JSON.parse(storage.getItem(KEY) ?? 'null') as Partial<Session> | null;
    return parsed && typeof parsed.accessToken === 'string' && typeof parsed.expiresAt === 'string'
      ? { accessToken: parsed.accessToken, expiresAt: parsed.expiresAt }
      : null;
  } catch {
    return null;
  }
}

const hasExpired = (session: Session, now: Date): boolean => !(new Date(session.expiresAt).getTime() > now.getTime());

export function makeSessionStore(storage: SessionStorage): SessionStore {
  return {
    current(now) {
      const session = read(storage);
      return session && !hasExpired(session, now) ? session : null;
    },
    expired(now) {
      const session = read(storage);
      return session !== null && hasExpired(session, now);
    },
    save(session) {
      storage.setItem(KEY, JSON.stringify(session));
    },
    clear() {
      storage.removeItem(KEY);
    },
  };
}
