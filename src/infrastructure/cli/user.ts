import 'dotenv/config';
import { pino } from 'pino';
import { isDomainError } from '../../domain/common/errors.ts';
import { isRole, type Role } from '../../domain/accounts/user.ts';
import { loadConfig } from '../config.ts';
import { buildContainer, stopContainer } from '../container.ts';

const USAGE = 'usage: npm run user -- add NAME [--role admin|operator]   (the password is read from standard input)';

/** The first line of standard input: the password never appears on the command line or in the shell history. */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('密码（输入后回车；不回显请用管道传入）: ');
  let text = '';
  for await (const chunk of process.stdin) {
    text += String(chunk);
    if (text.includes('\n')) break;
  }
  return text.split(/\r?\n/)[0] ?? '';
}

function parse(argv: readonly string[]): { name: string; role: Role } {
  const [command, name, ...rest] = argv;
  if (command !== 'add' || !name || name.startsWith('--')) throw new Error(USAGE);
  let role: Role = 'operator';
  for (let i = 0; i < rest.length; i++) {
    const flag = rest[i];
    const value = flag?.startsWith('--role=') ? flag.slice('--role='.length) : flag === '--role' ? rest[++i] : undefined;
    if (value === undefined || !isRole(value)) throw new Error(USAGE);
    role = value;
  }
  return { name, role };
}

/** `npm run user -- add NAME --role admin`: creates an account in the configured database (docs/decisions.md, Accounts). */
async function main(): Promise<void> {
  const { name, role } = parse(process.argv.slice(2));
  const password = await readPassword();
  const container = await buildContainer(loadConfig(), { logger: pino({ level: 'silent' }) });
  try {
    const user = await container.cradle.createUser({ username: name, password, role });
    process.stdout.write(`已创建用户 ${user.username}（${user.role === 'admin' ? '管理员' : '运营'}）\n`);
  } finally {
    await stopContainer(container);
  }
}

main().catch((error: unknown) => {
  const message = isDomainError(error) ? error.detail : error instanceof Error ? error.message : String(error);
  process.stderr.write(`${message}\n`);
  process.exit(1);
});
