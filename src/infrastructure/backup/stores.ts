import { type Config } from '../config.ts';
import { BackupError } from './manifest.ts';

/**
 * Backup and restore cover the single-machine setup (SQLite and the local media folder). On PostgreSQL and S3 the
 * database's and the bucket's own tools do it better (point-in-time recovery, versioning): say which, and stop.
 */
export function refuseSharedStores(config: Config, command: 'backup' | 'restore'): void {
  const advice: string[] = [];
  if (/^postgres(ql)?:\/\//.test(config.databaseUrl))
    advice.push(
      command === 'backup'
        ? 'PostgreSQL 数据库请用它自己的工具备份：pg_dump -Fc（逻辑备份）或 pg_basebackup 加 WAL 归档（可按时间点恢复）'
        : 'PostgreSQL 数据库请用 pg_restore（或按 pg_basebackup 的说明）恢复',
    );
  if (config.objectStore === 's3')
    advice.push(
      command === 'backup'
        ? 'S3 存储桶请用存储桶自身的版本控制/跨区域复制，或 aws s3 sync / rclone sync / mc mirror 复制到另一个桶'
        : 'S3 存储桶请用 aws s3 sync / rclone sync / mc mirror 从备份桶复制回来',
    );
  if (advice.length > 0)
    throw new BackupError(
      `npm run ${command} 只处理单机部署（SQLite 和本地 media 目录）。当前配置：\n- ${advice.join('\n- ')}\n另外请自行保管 APP_TOKEN、JWT_SECRET、SECRET_KEY（没有 SECRET_KEY 就打不开已保存的店铺密钥）。`,
    );
}
