import { asFunction } from 'awilix';
import { appTokenFingerprint, makeCheckAppToken } from '../../application/use-cases/check-app-token.ts';
import { makeChangePassword } from '../../application/use-cases/change-password.ts';
import { makeCreateUser } from '../../application/use-cases/create-user.ts';
import { makeDeleteUser } from '../../application/use-cases/delete-user.ts';
import { makeEnsureInitialAdmin } from '../../application/use-cases/ensure-initial-admin.ts';
import { makeListAudit } from '../../application/use-cases/list-audit.ts';
import { makeListUsers } from '../../application/use-cases/list-users.ts';
import { makeLoginWithPassword } from '../../application/use-cases/login-with-password.ts';
import { makeResolveSession } from '../../application/use-cases/resolve-session.ts';
import { makeUpdateUser } from '../../application/use-cases/update-user.ts';
import { makeArgon2PasswordHasher } from '../../adapters/crypto/argon2-password-hasher.ts';
import { isCommonPassword } from '../../adapters/crypto/common-password-list.ts';
import { confusablesSkeleton } from '../../adapters/text/confusables-skeleton.ts';
import { auditRoutes } from '../../adapters/http/routes/audit.ts';
import { userRoutes } from '../../adapters/http/routes/users.ts';
import { makeKyselyAuditLog } from '../../adapters/persistence/kysely-audit-log.ts';
import { makeKyselyLoginThrottle } from '../../adapters/persistence/kysely-login-throttle.ts';
import { makeKyselyUserRepository } from '../../adapters/persistence/kysely-user-repository.ts';
import { type FeatureModule } from '../feature-module.ts';
import { type CoreRegistry } from '../registries/core.ts';
import { type AccountsRegistry } from '../registries/accounts.ts';

type Deps = AccountsRegistry & CoreRegistry;

/** Accounts (docs/decisions.md, Accounts): users, passwords, roles, revocation, login throttling and the audit log. */
export const accountsModule: FeatureModule<AccountsRegistry, CoreRegistry> = {
  name: 'accounts',

  provide: () => ({
    users: asFunction(({ db }: Deps) => makeKyselyUserRepository(db)).singleton(),
    passwordHasher: asFunction(() => makeArgon2PasswordHasher()).singleton(),
    isCommonPassword: asFunction(() => isCommonPassword).singleton(),
    loginThrottle: asFunction(({ db }: Deps) => makeKyselyLoginThrottle(db)).singleton(),
    auditLog: asFunction(({ db, clock }: Deps) => makeKyselyAuditLog(db, clock)).singleton(),
    resolveSession: asFunction(({ users, clock, config, secrets }: Deps) =>
      makeResolveSession({
        users,
        clock,
        appTokenLogin: config.accounts.appTokenLogin,
        appTokenFingerprint: appTokenFingerprint(secrets.appToken, secrets.jwtSecret),
      }),
    ).singleton(),
    checkAppToken: asFunction(({ secrets, auditLog }: Deps) =>
      makeCheckAppToken({ appToken: secrets.appToken, fingerprintKey: secrets.jwtSecret, audit: auditLog }),
    ).singleton(),
    loginWithPassword: asFunction(({ users, passwordHasher, loginThrottle, auditLog, clock }: Deps) =>
      makeLoginWithPassword({ users, hasher: passwordHasher, throttle: loginThrottle, audit: auditLog, clock }),
    ).singleton(),
    changePassword: asFunction(({ users, passwordHasher, isCommonPassword: common, loginThrottle, auditLog, clock, resolveSession }: Deps) =>
      makeChangePassword({
        users,
        hasher: passwordHasher,
        isCommonPassword: common,
        throttle: loginThrottle,
        audit: auditLog,
        clock,
        onRevoked: resolveSession.forget,
      }),
    ).singleton(),
    listUsers: asFunction(({ users }: Deps) => makeListUsers({ users })).singleton(),
    createUser: asFunction(({ users, passwordHasher, isCommonPassword: common, auditLog, clock, ids }: Deps) =>
      makeCreateUser({ users, hasher: passwordHasher, isCommonPassword: common, usernameSkeleton: confusablesSkeleton, audit: auditLog, clock, ids }),
    ).singleton(),
    updateUser: asFunction(({ users, passwordHasher, isCommonPassword: common, auditLog, clock, resolveSession }: Deps) =>
      makeUpdateUser({ users, hasher: passwordHasher, isCommonPassword: common, audit: auditLog, clock, onRevoked: resolveSession.forget }),
    ).singleton(),
    deleteUser: asFunction(({ users, auditLog, resolveSession }: Deps) =>
      makeDeleteUser({ users, audit: auditLog, onRevoked: resolveSession.forget }),
    ).singleton(),
    listAudit: asFunction(({ auditLog }: Deps) => makeListAudit({ audit: auditLog })).singleton(),
    ensureInitialAdmin: asFunction(({ users, createUser }: Deps) => makeEnsureInitialAdmin({ users, createUser })).singleton(),
  }),

  // Use cases are resolved once here, never per request.
  protectedRoutes: (c) => [
    userRoutes({ listUsers: c.listUsers, createUser: c.createUser, updateUser: c.updateUser, deleteUser: c.deleteUser }),
    auditRoutes({ listAudit: c.listAudit }),
  ],

  async start({ config, ensureInitialAdmin, logger, users }) {
    const initial = config.accounts.initialAdmin;
    if (initial) {
      const outcome = await ensureInitialAdmin(initial);
      logger.info({ username: initial.username, outcome }, 'initial admin');
    }
    // With the app token off and no account yet, nobody could log in: say how to make the first admin.
    if (!config.accounts.appTokenLogin && (await users.count()) === 0) {
      logger.warn('APP_TOKEN_LOGIN=false and no user exists: set INITIAL_ADMIN_USERNAME/INITIAL_ADMIN_PASSWORD or run `npm run user -- add NAME --role admin`');
    }
  },
};
