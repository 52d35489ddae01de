import { describe } from 'vitest';
import { makeKyselyPublishTaskRepository } from '../../src/adapters/persistence/kysely-publish-task-repository.ts';
import { openTwice, testDatabases } from '../helpers/databases.ts';
import { makeInMemoryPublishTaskRepository, type PublishTaskTable } from '../in-memory/in-memory-publish-task-repository.ts';
import { testPublishTaskClaimsContract } from './publish-task-claims.contract.ts';
import { type PublishTaskAdapter, publishTasksTest, testPublishTaskRepositoryContract } from './publish-task-repository.contract.ts';

const adapters: PublishTaskAdapter[] = [
  ...testDatabases().map((database) => ({
    name: database.name,
    async open() {
      const { first, second, dispose } = await openTwice(database);
      return { tasks: makeKyselyPublishTaskRepository(first.db), other: makeKyselyPublishTaskRepository(second.db), dispose };
    },
  })),
  {
    name: 'in-memory',
    async open() {
      const table: PublishTaskTable = new Map();
      return { tasks: makeInMemoryPublishTaskRepository(table), other: makeInMemoryPublishTaskRepository(table), dispose: async () => undefined };
    },
  },
];

describe.each(adapters)('PublishTaskRepository on $name', (adapter) => {
  const it = publishTasksTest(adapter);
  testPublishTaskRepositoryContract(it);
  testPublishTaskClaimsContract(it);
});
