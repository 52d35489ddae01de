import PQueue from 'p-queue';
import { type GenerationQueue } from '../../application/ports/suite-jobs.ts';
import { DomainError } from '../../domain/common/errors.ts';

/** The global serial queue (p-queue, concurrency 1). Urgent tasks jump ahead of waiting ones, never a running one. */
export function makeSerialGenerationQueue(): GenerationQueue {
  const queue = new PQueue({ concurrency: 1 });
  let stopping = false;
  return {
    run(task, options) {
      return queue.add(
        () => {
          // Waiting tasks still settle at shutdown (their callers are not left hanging); they just do no work.
          if (stopping) return Promise.reject(new DomainError('upstream_failed', 'SERVICE_STOPPING', '服务正在停止，任务已取消'));
          return task();
        },
        { priority: options?.urgent ? 1 : 0 },
      );
    },
    async drain() {
      stopping = true;
      await queue.onIdle();
    },
  };
}
