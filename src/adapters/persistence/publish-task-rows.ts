import { type Selectable } from 'kysely';
import { type ImportItem } from '../../domain/publishing/import-item.ts';
import { type ImportError, type PublishOperation, type PublishStatus, type PublishTask } from '../../domain/publishing/publish-task.ts';
import { type PublishTaskTable } from './tables/marketplace.ts';

/** A publish record as its row: the errors and the card sent are JSON text. The holder is written only by the send holds. */
export const toRow = (task: PublishTask): Omit<PublishTaskTable, 'send_holder'> => ({
  ...task,
  errors: JSON.stringify(task.errors),
  card: task.card === null ? null : JSON.stringify(task.card),
});

/** A row as the publish record it holds (who holds it stays in the database). */
export const toTask = ({ send_holder: _holder, ...row }: Selectable<PublishTaskTable>): PublishTask => ({
  ...row,
  status: row.status as PublishStatus,
  operation: row.operation as PublishOperation,
  errors: JSON.parse(row.errors) as ImportError[],
  card: row.card === null ? null : (JSON.parse(row.card) as ImportItem),
});

/** Statuses still in motion: sent and awaiting a result, or waiting to be sent. */
export const OPEN: PublishStatus[] = ['pending', 'waiting_quota'];
