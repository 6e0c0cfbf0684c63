import { Inject, Injectable, Logger } from '@nestjs/common';
import {
  ACCEPT_INVITATION_ROUTE,
  DEFAULT_LANGUAGE,
  grantableRoles,
  grantsOf,
  isCouncilRole,
  isLanguage,
  STAFF_INVITATION_TTL_HOURS,
  type AdminStaffInvitation,
  type AdminStaffRow,
  type CouncilRole,
  type InvitationAcceptRequest,
  type InvitationOffer,
  type StaffInvitationRequest,
  type StaffInvitationState,
} from '@councilpay/domain';
import type { Prisma, StaffInvitation } from '../../generated/prisma/client';
import { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import { ApiError } from '../../http/api-error';
import { PrismaService } from '../../prisma/prisma.service';
import { queueNotification } from '../../notifications/queue-notification';
import type { Principal } from '../../auth/principal';
import { councilScope } from '../../auth/roles';
import { hashPassword } from '../../auth/passwords';
import { newToken, sha256 } from '../../auth/secrets';
import { recordStaffAction } from '../../audit/staff-audit';
import { grantColumns, staffOf, withGrants } from '../../auth/staff-grants';

const INVITATION_TTL_MS = STAFF_INVITATION_TTL_HOURS * 3600_000;
const STAFF_FIELDS = {
  id: true,
  email: true,
  fullName: true,
  roles: true,
  councils: true,
  councilRoles: true,
  emailVerifiedAt: true,
} as const satisfies Prisma.UserSelect;
type StaffFields = Prisma.UserGetPayload<{ select: typeof STAFF_FIELDS }>;

export function invitationLink(publicUrl: string, token: string): string {
  return `${publicUrl}/console/#${ACCEPT_INVITATION_ROUTE}/${encodeURIComponent(token)}`;
}

function invitationState(i: StaffInvitation, now = new Date()): StaffInvitationState {
  if (i.acceptedAt) return 'accepted';
  if (i.revokedAt) return 'revoked';
  return i.expiresAt <= now ? 'expired' : 'pending';
}

function toInvitation(i: StaffInvitation): AdminStaffInvitation {
  return {
    id: i.id,
    email: i.email,
    role: i.role as CouncilRole,
    councils: i.councils,
    language: isLanguage(i.language) ? i.language : DEFAULT_LANGUAGE,
    state: invitationState(i),
    invitedById: i.invitedById,
    expiresAt: i.expiresAt.toISOString(),
    acceptedAt: i.acceptedAt?.toISOString() ?? null,
    revokedAt: i.revokedAt?.toISOString() ?? null,
    sentCount: i.sentCount,
    createdAt: i.createdAt.toISOString(),
  };
}

const notFound = () => new ApiError(404, 'not_found', 'Not Found!');

/**
 * A council's staff: who holds which role in the caller's councils, changing or removing one council's role, and
 * invitations by email. `_admin` manages every council; a council admin their own councils only, never another
 * council's grants on the same person, never `_admin`. Every change is a staff action in the audit.
 */
@Injectable()
export class StaffService {
  private readonly logger = new Logger(StaffService.name);

  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** The councils the caller (as the route sees them: council admins) manages. */
  private managed(principal: Principal): 'all' | string[] {
    const scope = councilScope(principal);
    return scope.all ? 'all' : scope.councils;
  }

  private row(user: StaffFields, managed: 'all' | string[]): AdminStaffRow {
    return {
      id: user.id,
      email: user.email,
      fullName: user.fullName,
      emailVerified: user.emailVerifiedAt !== null,
      grants: grantsOf(user).filter((g) => managed === 'all' || managed.includes(g.council)),
    };
  }

  async list(
    principal: Principal,
    window: { skip: number; take: number },
  ): Promise<{ rows: AdminStaffRow[]; total: number }> {
    const managed = this.managed(principal);
    const where = staffOf(managed);
    const [total, users] = await this.prisma.$transaction([
      this.prisma.user.count({ where }),
      this.prisma.user.findMany({
        where,
        select: STAFF_FIELDS,
        orderBy: [{ email: 'asc' }],
        skip: window.skip,
        take: window.take,
      }),
    ]);
    return { rows: users.map((u) => this.row(u, managed)), total };
  }

  async one(principal: Principal, userId: string): Promise<AdminStaffRow> {
    const managed = this.managed(principal);
    const user = await this.prisma.user.findFirst({
      where: { AND: [{ id: userId }, staffOf(managed)] },
      select: STAFF_FIELDS,
    });
    if (!user) throw notFound();
    return this.row(user, managed);
  }

  /** Sets (or removes) a person's role in one council the caller manages; 404 for a council or person not theirs. */
  async setGrant(
    principal: Principal,
    userId: string,
    council: string,
    role: CouncilRole | null,
  ): Promise<AdminStaffRow> {
    const managed = this.managed(principal);
    if (managed !== 'all' && !managed.includes(council)) throw notFound();
    const after = await this.prisma.$transaction(async (tx) => {
      const locked = await tx.$queryRaw<
        { id: string }[]
      >`SELECT "id" FROM "User" WHERE "id" = ${userId}::uuid FOR UPDATE`;
      if (locked.length === 0) throw notFound();
      const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: STAFF_FIELDS });
      const held = grantsOf(before).find((g) => g.council === council)?.role ?? null;
      // A council admin finds only their councils' staff; `_admin` may give a first role to any verified account.
      if (held === null && (managed !== 'all' || role === null)) throw notFound();
      const grants = withGrants(before, [{ council, role }]);
      const updated = await tx.user.update({
        where: { id: userId },
        data: { ...grantColumns(before, grants), version: { increment: 1 } },
        select: STAFF_FIELDS,
      });
      await recordStaffAction(tx, principal, {
        action: 'staff_role_update',
        targetType: 'user',
        targetId: userId,
        councils: [council],
        before: { email: before.email, council, role: held },
        after: { email: before.email, council, role },
      });
      return updated;
    });
    this.logger.log({ userId, staffId: principal.id, council, role }, 'Council role changed by staff');
    return this.row(after, managed);
  }

  async invitations(
    principal: Principal,
    window: { skip: number; take: number },
  ): Promise<{ rows: AdminStaffInvitation[]; total: number }> {
    const managed = this.managed(principal);
    const where: Prisma.StaffInvitationWhereInput = managed === 'all' ? {} : { councils: { hasSome: managed } };
    const [total, rows] = await this.prisma.$transaction([
      this.prisma.staffInvitation.count({ where }),
      this.prisma.staffInvitation.findMany({
        where,
        orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
        skip: window.skip,
        take: window.take,
      }),
    ]);
    return { rows: rows.map(toInvitation), total };
  }

  /** Invites a person: councils the caller manages only (403 otherwise), a council role only, never `_admin`. */
  async invite(principal: Principal, request: StaffInvitationRequest): Promise<AdminStaffInvitation> {
    const councils = [...new Set(request.councils)].sort();
    if (!councils.every((council) => grantableRoles(principal, council).includes(request.role))) {
      throw new ApiError(403, 'forbidden', 'You may only invite staff into your own councils.');
    }
    const existing = await this.prisma.user.findUnique({ where: { email: request.email }, select: { roles: true } });
    if (existing?.roles.includes('_admin')) {
      throw new ApiError(409, 'cannot_change_admin', 'A system administrator’s roles are not changed here');
    }
    const token = newToken();
    const language = request.language ?? DEFAULT_LANGUAGE;
    const invitation = await this.prisma.$transaction(async (tx) => {
      const created = await tx.staffInvitation.create({
        data: {
          tokenHash: sha256(token),
          email: request.email,
          role: request.role,
          councils,
          language,
          invitedById: principal.id,
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
        },
      });
      await this.send(tx, created, token);
      await recordStaffAction(tx, principal, {
        action: 'staff_invite',
        targetType: 'staff_invitation',
        targetId: created.id,
        councils,
        before: null,
        after: { email: created.email, role: created.role, councils },
      });
      return created;
    });
    this.logger.log(
      { invitationId: invitation.id, staffId: principal.id, role: request.role, councils },
      'Staff invited',
    );
    return toInvitation(invitation);
  }

  private async send(tx: Prisma.TransactionClient, invitation: StaffInvitation, token: string): Promise<void> {
    await queueNotification(tx, {
      channel: 'email',
      recipient: invitation.email,
      template: 'staff_invitation',
      language: isLanguage(invitation.language) ? invitation.language : DEFAULT_LANGUAGE,
      data: {
        link: invitationLink(this.config.publicUrl, token),
        role: invitation.role,
        councils: invitation.councils,
      },
      dedupeKey: `staff-invitation-${sha256(token).slice(0, 32)}`,
    });
  }

  /** An open invitation of councils all managed by the caller, locked for the change; 404 for any other. */
  private async openInvitation(
    tx: Prisma.TransactionClient,
    principal: Principal,
    id: string,
  ): Promise<StaffInvitation> {
    const locked = await tx.$queryRaw<
      { id: string }[]
    >`SELECT "id" FROM "StaffInvitation" WHERE "id" = ${id}::uuid FOR UPDATE`;
    if (locked.length === 0) throw notFound();
    const invitation = await tx.staffInvitation.findUniqueOrThrow({ where: { id } });
    const managed = this.managed(principal);
    if (managed !== 'all' && !invitation.councils.every((c) => managed.includes(c))) throw notFound();
    if (invitation.acceptedAt || invitation.revokedAt) {
      throw new ApiError(409, 'invitation_closed', 'This invitation was already accepted or revoked');
    }
    return invitation;
  }

  /** Sends a new link (the old one stops working) good for another 72 hours. */
  async resend(principal: Principal, id: string): Promise<AdminStaffInvitation> {
    const token = newToken();
    const updated = await this.prisma.$transaction(async (tx) => {
      const before = await this.openInvitation(tx, principal, id);
      const after = await tx.staffInvitation.update({
        where: { id },
        data: {
          tokenHash: sha256(token),
          expiresAt: new Date(Date.now() + INVITATION_TTL_MS),
          sentCount: { increment: 1 },
        },
      });
      await this.send(tx, after, token);
      await recordStaffAction(tx, principal, {
        action: 'staff_invitation_resend',
        targetType: 'staff_invitation',
        targetId: id,
        councils: after.councils,
        before: { email: before.email, expiresAt: before.expiresAt.toISOString(), sentCount: before.sentCount },
        after: { email: after.email, expiresAt: after.expiresAt.toISOString(), sentCount: after.sentCount },
      });
      return after;
    });
    return toInvitation(updated);
  }

  async revoke(principal: Principal, id: string): Promise<AdminStaffInvitation> {
    const updated = await this.prisma.$transaction(async (tx) => {
      const before = await this.openInvitation(tx, principal, id);
      const after = await tx.staffInvitation.update({
        where: { id },
        data: { revokedAt: new Date(), revokedById: principal.id },
      });
      await recordStaffAction(tx, principal, {
        action: 'staff_invitation_revoke',
        targetType: 'staff_invitation',
        targetId: id,
        councils: after.councils,
        before: { email: before.email, state: invitationState(before) },
        after: { email: after.email, state: 'revoked' },
      });
      return after;
    });
    this.logger.log({ invitationId: id, staffId: principal.id }, 'Staff invitation revoked');
    return toInvitation(updated);
  }

  /** The invitation a link carries, if it may still be accepted. */
  private async usable(db: Prisma.TransactionClient, token: string, lock: boolean): Promise<StaffInvitation> {
    const tokenHash = sha256(token);
    if (lock) await db.$queryRaw`SELECT "id" FROM "StaffInvitation" WHERE "tokenHash" = ${tokenHash} FOR UPDATE`;
    const invitation = await db.staffInvitation.findUnique({ where: { tokenHash } });
    if (!invitation) throw new ApiError(404, 'invitation_not_found', 'This invitation is not known');
    const state = invitationState(invitation);
    if (state === 'accepted') throw new ApiError(410, 'invitation_used', 'This invitation has already been used');
    if (state === 'revoked') throw new ApiError(410, 'invitation_revoked', 'This invitation was revoked');
    if (state === 'expired') throw new ApiError(410, 'invitation_expired', 'This invitation has expired');
    return invitation;
  }

  async check(token: string): Promise<InvitationOffer> {
    const invitation = await this.usable(this.prisma, token, false);
    const account = await this.prisma.user.findUnique({ where: { email: invitation.email }, select: { id: true } });
    return {
      email: invitation.email,
      role: invitation.role as CouncilRole,
      councils: invitation.councils,
      expiresAt: invitation.expiresAt.toISOString(),
      account: account ? 'existing' : 'new',
    };
  }

  /**
   * Accepts an invitation: a new account with the name and password given, or the signed-in account of that email.
   * Either way the email is verified (the link reached its mailbox) and the role is given in each council.
   */
  async accept(signedIn: Principal | undefined, request: InvitationAcceptRequest): Promise<void> {
    // An unknown or spent link is refused before any password is hashed (argon2 is dear on purpose).
    await this.usable(this.prisma, request.token, false);
    const passwordHash = request.password ? await hashPassword(request.password) : null;
    const accepted = await this.prisma.$transaction(async (tx) => {
      const invitation = await this.usable(tx, request.token, true);
      const role = invitation.role;
      if (!isCouncilRole(role)) throw new ApiError(404, 'invitation_not_found', 'This invitation is not known');
      let account = await tx.user.findUnique({ where: { email: invitation.email }, select: STAFF_FIELDS });
      if (account && signedIn?.id !== account.id) {
        throw new ApiError(409, 'invitation_sign_in_required', 'Sign in with the account of this email first');
      }
      if (!account) {
        if (!request.fullName || !passwordHash) {
          throw new ApiError(
            400,
            'validation_failed',
            'A name and a password are needed',
            undefined,
            request.fullName ? 'password' : 'fullName',
          );
        }
        account = await tx.user.create({
          data: {
            email: invitation.email,
            fullName: request.fullName,
            passwordHash,
            roles: [],
            councils: [],
            type: 'staff',
          },
          select: STAFF_FIELDS,
        });
      }
      const verifiedAt = account.emailVerifiedAt ?? new Date();
      const grants = withGrants(
        { ...account, emailVerifiedAt: verifiedAt },
        invitation.councils.map((council) => ({ council, role })),
      );
      await tx.user.update({
        where: { id: account.id },
        data: { ...grantColumns(account, grants), emailVerifiedAt: verifiedAt, version: { increment: 1 } },
      });
      await tx.staffInvitation.update({
        where: { id: invitation.id },
        data: { acceptedAt: new Date(), acceptedBy: account.id },
      });
      await recordStaffAction(tx, account, {
        action: 'staff_invitation_accept',
        targetType: 'staff_invitation',
        targetId: invitation.id,
        councils: invitation.councils,
        before: { email: account.email, grants: grantsOf(account).map((g) => `${g.council}:${g.role}`) },
        after: { email: account.email, grants: grants.map((g) => `${g.council}:${g.role}`) },
      });
      return { invitationId: invitation.id, userId: account.id };
    });
    this.logger.log(accepted, 'Staff invitation accepted');
  }
}
