import { type RedeemedUpload, type UploadRedemptions } from './ports/direct-uploads.ts';
import { DomainError, conflict } from '../domain/common/errors.ts';

type TicketAnswer = RedeemedUpload | 'invalid' | 'expired' | 'used';

/** What the signed URL allows, or 401 (forged, expired) / 409 (used before). */
export function allowedBy(answer: TicketAnswer): RedeemedUpload {
  if (answer === 'invalid') throw new DomainError('unauthorized', 'UPLOAD_URL_INVALID', '上传链接无效');
  if (answer === 'expired') throw new DomainError('unauthorized', 'UPLOAD_URL_EXPIRED', '上传链接已过期，请重新获取');
  if (answer === 'used') throw conflict('UPLOAD_URL_USED', '上传链接已使用过，请重新获取');
  return answer;
}

/** Spends the signed URL's ticket once: what it allows, or 401 (forged, expired) / 409 (used before). */
export async function redeemTicket(
  uploadRedemptions: UploadRedemptions,
  { ticketId, signature }: { ticketId: string; signature: string },
  now: Date,
): Promise<RedeemedUpload> {
  return allowedBy(await uploadRedemptions.redeem(ticketId, signature, now));
}
