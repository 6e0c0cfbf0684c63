import type { Language } from '@councilpay/domain';
import type { Prisma } from '../generated/prisma/client';
import { queueNotification } from '../notifications/queue-notification';
import { EMAIL_LINK_TTL_MS, verifyEmailLink } from './identity.constants';
import { newToken, sha256 } from '../auth/secrets';

/** Queues the email whose link confirms the address, inside the caller's transaction. */
export async function queueEmailVerification(
  tx: Prisma.TransactionClient,
  user: { id: string; email: string; fullName: string },
  language: Language,
  publicUrl: string,
): Promise<void> {
  const token = newToken();
  const tokenHash = sha256(token);
  await tx.emailVerification.create({
    data: { tokenHash, userId: user.id, email: user.email, expiresAt: new Date(Date.now() + EMAIL_LINK_TTL_MS) },
  });
  await queueNotification(tx, {
    channel: 'email',
    recipient: user.email,
    template: 'email_verification',
    language,
    data: { link: verifyEmailLink(publicUrl, token), name: user.fullName },
    dedupeKey: `email-verification-${tokenHash.slice(0, 32)}`,
  });
}
