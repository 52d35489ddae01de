import { type AssetRepository } from './asset-repository.ts';
import { type ProductRepository } from './product-repository.ts';

/** The repositories bound to one transaction. */
export type TransactionalRepositories = {
  readonly products: ProductRepository;
  readonly assets: AssetRepository;
};

/** Runs work atomically: every write inside commits together, or none does when the work throws. */
export interface UnitOfWork {
  /** Runs `work` in one transaction and returns its result after the commit. */
  run<T>(work: (repos: TransactionalRepositories) => Promise<T>): Promise<T>;
}
