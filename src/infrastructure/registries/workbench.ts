import { type JobWorker } from '../../application/job-worker.ts';
import { type JobStore } from '../../application/ports/job-store.ts';
import { type BulkProducts } from '../../application/use-cases/bulk-products.ts';
import { type GetJob } from '../../application/use-cases/get-job.ts';

export type WorkbenchRegistry = {
  jobs: JobStore;
  jobWorker: JobWorker;
  bulkProducts: BulkProducts;
  getJob: GetJob;
};
