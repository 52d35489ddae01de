import { type Clock } from '../application/ports/clock.ts';
import { type Ids } from '../application/ports/ids.ts';
import { makeTimeOrderedIds } from './time-ordered-ids.ts';

export const systemClock: Clock = { now: () => new Date() };
export const systemIds: Ids = { uuid: makeTimeOrderedIds() };
