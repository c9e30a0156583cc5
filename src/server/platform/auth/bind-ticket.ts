import { and, eq, gt } from 'drizzle-orm';
import { BIND_TICKET_TTL_SECONDS } from '../../../shared/constants';
import { hashToken, newToken } from '../../auth/tokens';
import type { Tx } from '../../db/client';
import { bindTicket } from '../../db/schema';
import { Errors } from '../../errors';
import type { ClientRow } from './sign-in';

/**
 * Binding a messenger account to a console account: the code exchange issues a ticket for the messenger id
 * it verified with the messenger, and only that ticket, once and before it expires, binds that id. A client
 * never names the messenger id itself, so it cannot bind an id it did not sign in with.
 */
export async function issueBindTicket(db: Tx, wxWorkUserId: string, client: ClientRow, now: Date): Promise<string> {
  const ticket = newToken();
  await db.insert(bindTicket).values({ ticketHash: hashToken(ticket), wxWorkUserId, clientId: client.id, expiresAt: new Date(now.getTime() + BIND_TICKET_TTL_SECONDS * 1000) });
  return ticket;
}

/** Consumes a ticket issued to `client`; an unknown, used, expired or foreign ticket is refused. */
export async function redeemBindTicket(tx: Tx, ticket: string, client: ClientRow, now: Date): Promise<string> {
  const redeemed = await tx
    .delete(bindTicket)
    .where(and(eq(bindTicket.ticketHash, hashToken(ticket)), eq(bindTicket.clientId, client.id), gt(bindTicket.expiresAt, now)))
    .returning({ wxWorkUserId: bindTicket.wxWorkUserId });
  const row = redeemed[0];
  if (!row) throw Errors.invalid('bindTicket', 'error.bindTicketInvalid');
  return row.wxWorkUserId;
}
