import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { notFound } from '../../domain/errors.ts';
import { type PublishTask } from '../../domain/publish-task.ts';

export type GetPublishTaskDeps = { readonly publishTasks: PublishTaskRepository };
export type GetPublishTask = (taskId: string) => Promise<PublishTask>;

/** The task as last written back by the poller (storage only; never calls the marketplace). */
export function makeGetPublishTask({ publishTasks }: GetPublishTaskDeps): GetPublishTask {
  return async (taskId) => {
    const task = await publishTasks.findById(taskId);
    if (!task) throw notFound('PUBLISH_TASK_NOT_FOUND', '发布任务不存在');
    return task;
  };
}
