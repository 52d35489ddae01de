import { type PublishTask } from '../../domain/publish-task.ts';

/** Where publish tasks live; pending ones survive restarts so polling resumes. */
export interface PublishTaskRepository {
  /** Stores a new task; its task id must not exist yet. */
  insert(task: PublishTask): Promise<void>;
  /** The task, or undefined. */
  findById(taskId: string): Promise<PublishTask | undefined>;
  /** Replaces the stored task (same task id). */
  update(task: PublishTask): Promise<void>;
  /** A product's tasks, newest first, with the total. */
  listByProduct(productId: string, page: { page: number; pageSize: number }): Promise<{ total: number; items: PublishTask[] }>;
  /** Pending tasks whose next poll is due at `now` or earlier, soonest first. */
  listDue(now: string, limit: number): Promise<PublishTask[]>;
  /** The earliest next poll of any pending task, or undefined when none is pending. */
  nextPollAt(): Promise<string | undefined>;
  /** Whether a pending task exists for this shop. */
  hasPendingForShop(shopId: string): Promise<boolean>;
  /** Whether a pending task exists for this product. */
  hasPendingForProduct(productId: string): Promise<boolean>;
}
