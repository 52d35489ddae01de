import 'dotenv/config';
import { readFileSync } from 'node:fs';
import { loadConfig } from '../config.ts';
import { BackupError } from '../backup/manifest.ts';
import { takeBackup } from '../backup/take-backup.ts';

const USAGE = '用法：npm run backup -- DIR   （DIR 为新的或空的目录）';
const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/** `npm run backup -- DIR`: a consistent copy of a running single-machine service (README "Backup and restore"). */
async function main(): Promise<void> {
  const [dir, ...rest] = process.argv.slice(2);
  if (!dir || dir.startsWith('-') || rest.length > 0) throw new BackupError(USAGE);
  const report = await takeBackup(loadConfig(), dir, VERSION);
  const lines = [
    `备份完成：${report.dir}`,
    `- 数据库 listing.db：${report.database.pages} 页，${mb(report.database.bytes)}（SQLite 在线备份，服务无需停止）`,
    `- 图片 media/：${report.media.files} 个文件，${mb(report.media.bytes)}`,
    report.secretsFile
      ? `- ${report.secretsFile}：敏感！含 app token、JWT 密钥和打开店铺密钥的 SECRET_KEY（权限 0600）。请把整个备份放在只有你能读的地方`
      : '- 没有 secrets.json（密钥来自环境变量）：请自行保管 APP_TOKEN、JWT_SECRET、SECRET_KEY，恢复时设置相同的值',
    `恢复：DATA_DIR=<新目录> npm run restore -- ${report.dir}`,
  ];
  process.stdout.write(lines.join('\n') + '\n');
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof BackupError ? error.message : `备份失败：${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(1);
});
