import 'dotenv/config';
import { loadConfig } from '../config.ts';
import { BackupError } from '../backup/manifest.ts';
import { type RestoreReport, restoreBackup } from '../backup/restore-backup.ts';

const USAGE = '用法：npm run restore -- DIR [--force]   （恢复到 DATA_DIR；DATA_DIR 不是空的时要加 --force，并先停止服务）';
/** Missing files named in the report; the rest are counted. */
const NAMED = 10;

function describe(report: RestoreReport): { lines: string[]; sound: boolean } {
  const { missingFiles: missing } = report;
  const sound = missing.length === 0 && report.foreignKeyProblems === 0;
  const lines = [
    `已恢复到 ${report.dataDir}（备份于 ${report.manifest.created_at}，服务版本 ${report.manifest.service_version}）`,
    `- 数据库：完整性检查 ${report.integrity.join()}，外键${report.foreignKeyProblems === 0 ? '无问题' : `有 ${report.foreignKeyProblems} 处指向不存在的行`}；${report.counts.products} 个商品，${report.counts.assets} 条图片记录`,
    missing.length === 0
      ? `- 图片：${report.mediaFiles} 个文件，每张已存储的图片都有文件`
      : `- 图片：${report.mediaFiles} 个文件；${missing.length} 张已存储的图片缺文件：${missing.slice(0, NAMED).join('，')}${missing.length > NAMED ? ' …' : ''}（在商品的图片页可重新下载）`,
  ];
  if (report.elsewhere > 0) lines.push(`- ${report.elsewhere} 张图片存在别处（不是本地 media 的地址），未检查`);
  if (report.unreferencedFiles > 0) lines.push(`- ${report.unreferencedFiles} 个文件没有图片记录引用（套图、视频封面等），不影响使用`);
  lines.push(
    report.secretsRestored
      ? '- secrets.json：已恢复（敏感，权限 0600）'
      : '- 备份里没有 secrets.json：启动前请设置与原来相同的 APP_TOKEN、JWT_SECRET、SECRET_KEY',
    sound ? '可以启动服务了：npm start' : '恢复完成，但发现上面的问题。',
  );
  return { lines, sound };
}

/** `npm run restore -- DIR [--force]` (README "Backup and restore"). */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const force = args.includes('--force');
  const dirs = args.filter((arg) => arg !== '--force');
  if (dirs.length !== 1 || dirs[0]!.startsWith('-')) throw new BackupError(USAGE);
  const { lines, sound } = describe(await restoreBackup(loadConfig(), dirs[0]!, { force }));
  process.stdout.write(lines.join('\n') + '\n');
  if (!sound) process.exit(1);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof BackupError ? error.message : `恢复失败：${error instanceof Error ? error.message : String(error)}`}\n`);
  process.exit(1);
});
