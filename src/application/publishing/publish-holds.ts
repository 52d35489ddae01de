import { type PublishTaskRepository } from '../ports/publish-task-repository.ts';
import { type PublishTask } from '../../domain/publishing/publish-task.ts';

/**
 * Told when a sender's records were taken over: its lease (PUBLISH_SEND_LEASE) lapsed and another sender claimed
 * them, so what this one learnt about them is not written (`stage` names the write). The container logs it at warn.
 */
export type OnRecordsTakenOver = (event: { readonly holder: string; readonly stage: string; readonly recordIds: readonly string[] }) => void;

/**
 * One sender's hold on the publish records it sends (issue 20): the request that made them, or a background claim.
 * Every write of a send's outcome goes through it and applies only while the sender still holds the records; a
 * sender that lost some leaves them to their new holder.
 */
export type SendHold = {
  readonly holder: string;
  /** Stores these records where still held; answers those written. */
  store(stage: string, records: readonly PublishTask[]): Promise<PublishTask[]>;
  /** The records among these still held (nothing written). */
  kept(stage: string, records: readonly PublishTask[]): Promise<PublishTask[]>;
};

export function makeSendHold(publishTasks: PublishTaskRepository, holder: string, onTakenOver?: OnRecordsTakenOver): SendHold {
  const report = (stage: string, records: readonly PublishTask[], held: ReadonlySet<string>): void => {
    const lost = records.filter((record) => !held.has(record.id)).map((record) => record.id);
    if (lost.length > 0) onTakenOver?.({ holder, stage, recordIds: lost });
  };
  return {
    holder,
    async store(stage, records) {
      if (records.length === 0) return [];
      const written = await publishTasks.updateHeld(holder, records);
      report(stage, records, new Set(written.map((record) => record.id)));
      return written;
    },
    async kept(stage, records) {
      if (records.length === 0) return [];
      const held = await publishTasks.heldBy(
        holder,
        records.map((record) => record.id),
      );
      report(stage, records, held);
      return records.filter((record) => held.has(record.id));
    },
  };
}
