import { randomUUID } from 'node:crypto';
import { type Clock } from '../application/ports/clock.ts';
import { type Ids } from '../application/ports/ids.ts';

export const systemClock: Clock = { now: () => new Date() };
export const randomIds: Ids = { uuid: () => randomUUID() };
