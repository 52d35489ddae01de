import type { PublishTaskView } from '../api/marketplace-types.ts';
import type { App } from '../app.ts';
import { isOpenStatus } from './status-labels.ts';

const INTERVAL_MS = 2_000;

/**
 * Follows a publish task until the marketplace's result is final (the service's poller writes it back), calling
 * `onUpdate` with each answer. Returns the stop function; a failed read is retried at the next tick.
 */
export function watchTask(app: App, taskId: string, onUpdate: (task: PublishTaskView) => void, onError?: (error: unknown) => void): () => void {
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const tick = async (): Promise<void> => {
    try {
      const task = await app.api.json<PublishTaskView>(`/api/publish/${taskId}`);
      if (stopped) return;
      onUpdate(task);
      const open = isOpenStatus(task.status) || task.items.some((item) => isOpenStatus(item.status));
      if (!open) return;
    } catch (error) {
      if (stopped) return;
      onError?.(error);
    }
    timer = setTimeout(() => void tick(), INTERVAL_MS);
  };
  void tick();
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
