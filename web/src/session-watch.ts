import type { SessionUser } from './api/session.ts';
import type { App } from './app.ts';

/** How often a signed-in page asks who it is: a revoked login (disabled, deleted, password changed) ends within seconds. */
export const SESSION_CHECK_MS = 2_000;

/**
 * Asks `/api/auth/me` every couple of seconds while signed in and the tab is visible. A 401 goes through the
 * API client's usual path (back to the login form with the server's reason); a changed role is kept and the
 * screen redrawn (unless it holds unsaved edits), so the admin screens appear or go.
 */
export function watchSession(app: App, signedIn: () => boolean, onUserChanged: () => void): void {
  let busy = false;
  const check = async (): Promise<void> => {
    if (busy || document.visibilityState !== 'visible' || !signedIn()) return;
    const session = app.sessions.current(new Date());
    if (!session) return;
    busy = true;
    try {
      const user = await app.api.json<SessionUser>('/api/auth/me');
      const now = app.sessions.current(new Date());
      if (now && now.accessToken === session.accessToken && (now.user?.role !== user.role || now.user?.username !== user.username)) {
        app.sessions.save({ ...now, user });
        onUserChanged();
      }
    } catch {
      // 401 is handled by the client (log-out); a network hiccup is retried at the next tick.
    } finally {
      busy = false;
    }
  };
  window.setInterval(() => void check(), SESSION_CHECK_MS);
  document.addEventListener('visibilitychange', () => void check());
}
