/** Who is signed in (`GET /api/auth/me`, docs/decisions.md, Accounts); the app token is `app-token`, an admin. */
export type SessionUser = { readonly id: string | null; readonly username: string; readonly role: 'admin' | 'operator' };

/** The access token the page keeps after login, with its expiry (the login answer, docs/decisions.md, Accounts) and its user. */
export type Session = { readonly accessToken: string; readonly expiresAt: string; readonly user?: SessionUser };

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
    if (!parsed || typeof parsed.accessToken !== 'string' || typeof parsed.expiresAt !== 'string') return null;
    const user = parsed.user && typeof parsed.user.username === 'string' ? { user: parsed.user } : {};
    return { accessToken: parsed.accessToken, expiresAt: parsed.expiresAt, ...user };
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
