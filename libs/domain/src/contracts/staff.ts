import type { Language } from '../language';
import type { CouncilGrant, CouncilRole } from '../staff-roles';

/** An invitation's link works once, within 72 hours of being sent (a resend sends a new link). */
export const STAFF_INVITATION_TTL_HOURS = 72;
/** Where the emailed link lands in the console (hash route; the token never reaches a server log). */
export const ACCEPT_INVITATION_ROUTE = '/invitation';

export const STAFF_INVITATION_STATES = ['pending', 'accepted', 'expired', 'revoked'] as const;
export type StaffInvitationState = (typeof STAFF_INVITATION_STATES)[number];

/**
 * POST /api/admin/invitations: invite a person by email to these councils with this role. `_admin` invites into
 * any council, a council admin into their own councils only; `_admin` is never given. 201 AdminStaffInvitation;
 * 403 `forbidden` for a council not the caller's; 409 `cannot_change_admin` for a system administrator's email.
 */
export interface StaffInvitationRequest {
  email: string;
  role: CouncilRole;
  councils: string[];
  /** The language of the email (default Malay). */
  language?: Language;
}

/** GET /api/admin/invitations (X-Total-Count), and the answer of invite, resend and revoke. */
export interface AdminStaffInvitation {
  id: string;
  email: string;
  role: CouncilRole;
  councils: string[];
  language: Language;
  state: StaffInvitationState;
  invitedById: string;
  expiresAt: string;
  acceptedAt: string | null;
  revokedAt: string | null;
  sentCount: number;
  createdAt: string;
}

/**
 * POST /api/invitations/check { token }: what the link offers, before the form is shown. 200; 404
 * `invitation_not_found`; 410 `invitation_expired`, `invitation_used` or `invitation_revoked`.
 */
export interface InvitationCheckRequest {
  token: string;
}

export interface InvitationOffer {
  email: string;
  role: CouncilRole;
  councils: string[];
  expiresAt: string;
  /**
   * `new`: the form asks for a name and a password. `existing`: the person signs in with that account first, then
   * accepts (their name and password stay as they are).
   */
  account: 'new' | 'existing';
}

/**
 * POST /api/invitations/accept: the token, and for a new account the name and password (the registration's
 * password rules). 201 { code: 'invitation_accepted' }; the check's refusals; 409 `invitation_sign_in_required`
 * when the email has an account and the caller is not signed in as it. Accepting verifies the email.
 */
export interface InvitationAcceptRequest {
  token: string;
  fullName?: string;
  password?: string;
  confirmPassword?: string;
}

/**
 * GET /api/admin/staff: the people holding a role in the caller's councils (every council for `_admin`), with
 * only those councils' grants. X-Total-Count.
 */
export interface AdminStaffRow {
  id: string;
  email: string;
  fullName: string;
  emailVerified: boolean;
  grants: CouncilGrant[];
}

/**
 * PUT /api/admin/staff/:id/councils/:council { role }: set (a role) or remove (null) a person's role in one council,
 * leaving their other councils as they are. 200 AdminStaffRow; 404 for a council or person not the caller's
 * to manage; 409 `cannot_change_admin`; 409 `email_not_verified` when giving a role to an unverified account.
 */
export interface StaffGrantUpdate {
  role: CouncilRole | null;
}
