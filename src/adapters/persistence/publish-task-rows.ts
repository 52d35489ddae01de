import { type Selectable } from 'kysely';
import { type PublishCard } from '../../domain/publishing/publish-card.ts';
import { type ImportItem, cardFromImportItem } from '../marketplace/ozon-import-item.ts';
import { type ImportError, type PublishOperation, type PublishStatus, type PublishTask } from '../../domain/publishing/publish-task.ts';
import { type PublishTaskTable } from './tables/marketplace.ts';

/** A publish record as its row: the errors and the card sent are JSON text. The holder is written only by the send holds. */
export const toRow = (task: PublishTask): Omit<PublishTaskTable, 'send_holder'> => ({
  ...task,
  errors: JSON.stringify(task.errors),
  card: task.card === null ? null : JSON.stringify(task.card),
});

/** Records written before cards were kept in the domain's terms hold the import item sent (`currency_code`, not `currency`). */
function cardOf(text: string): PublishCard {
  const stored = JSON.parse(text) as PublishCard | ImportItem;
  return 'currency_code' in stored ? cardFromImportItem(stored) : stored;
}

/** A row as the publish record it holds (who holds it stays in the database). */
export const toTask = ({ send_holder: _holder, ...row }: Selectable<PublishTaskTable>): PublishTask => ({
  ...row,
  status: row.status as PublishStatus,
  operation: row.operation as PublishOperation,
  errors: JSON.parse(row.errors) as ImportError[],
  card: row.card === null ? null : cardOf(row.card),
});

/** Statuses still in motion: sent and awaiting a result, or waiting to be sent. */
export const OPEN: PublishStatus[] = ['pending', 'waiting_quota'];
