import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { notFound } from '../../domain/common/errors.ts';
import { type PublishStatus, type PublishTask } from '../../domain/publishing/publish-task.ts';

export type GetPublishTaskDeps = { readonly publishTasks: PublishTaskRepository };
/** The task as its first product's record (the single-product shape; docs/decisions.md, Publishing) with every product's record. */
export type PublishTaskView = { readonly task: PublishTask; readonly items: readonly PublishTask[] };
export type GetPublishTask = (taskId: string) => Promise<PublishTaskView>;

/** One status for a task of many products: theirs when they agree, else pending while any is, else failed if any failed. */
function taskStatus(records: readonly PublishTask[]): PublishStatus {
  const statuses = new Set(records.map((record) => record.status));
  if (statuses.size === 1) return records[0]!.status;
  if (statuses.has('pending')) return 'pending';
  return statuses.has('failed') ? 'failed' : 'imported';
}

/** The task as last written back by the poller (storage only; never calls the marketplace). */
export function makeGetPublishTask({ publishTasks }: GetPublishTaskDeps): GetPublishTask {
  return async (taskId) => {
    const items = await publishTasks.listByTask(taskId);
    const first = items[0];
    if (!first) throw notFound('PUBLISH_TASK_NOT_FOUND', '发布任务不存在');
    const updatedAt = items
      .map((item) => item.updated_at)
      .sort()
      .at(-1)!;
    return { task: { ...first, status: taskStatus(items), updated_at: updatedAt }, items };
  };
}
