import { type StoredUploadTicket, type UploadTicketStore } from '../../src/application/ports/direct-uploads.ts';
import { copy } from './catalog-state.ts';

/** The UploadTicketStore in memory; passes the signed-upload tests of tests/contract/intake-persistence.test.ts. */
export function makeInMemoryUploadTicketStore(): UploadTicketStore {
  const tickets = new Map<string, StoredUploadTicket>();
  return {
    async add(ticket, forgetExpiredBefore) {
      if (tickets.has(ticket.id)) throw new Error(`duplicate ticket ${ticket.id}`);
      tickets.set(ticket.id, { ...copy(ticket), usedAt: null });
      for (const [id, stored] of tickets) if (stored.expiresAt < forgetExpiredBefore) tickets.delete(id);
    },
    async find(id) {
      const ticket = tickets.get(id);
      return ticket ? copy(ticket) : undefined;
    },
    async markUsed(id, at) {
      const ticket = tickets.get(id);
      if (!ticket || ticket.usedAt !== null) return false;
      tickets.set(id, { ...ticket, usedAt: at });
      return true;
    },
  };
}
