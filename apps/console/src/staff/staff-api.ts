import {
  TOTAL_COUNT_HEADER,
  type AdminStaffInvitation,
  type AdminStaffRow,
  type CouncilRole,
  type InvitationAcceptRequest,
  type InvitationOffer,
  type StaffInvitationRequest,
} from '@councilpay/domain';
import { ADMIN_API } from '../dataProvider';
import { httpClient } from '../httpClient';

/** The staff and invitations routes (/api/admin/staff, /api/admin/invitations) and the invited person's side. */
export const staffApi = {
  listStaff: async (signal?: AbortSignal): Promise<AdminStaffRow[]> =>
    (await httpClient(`${ADMIN_API}/staff?_start=0&_end=500`, { signal })).json as AdminStaffRow[],
  setRole: async (id: string, council: string, role: CouncilRole | null): Promise<AdminStaffRow> =>
    (
      await httpClient(`${ADMIN_API}/staff/${encodeURIComponent(id)}/councils/${encodeURIComponent(council)}`, {
        method: 'PUT',
        body: JSON.stringify({ role }),
      })
    ).json as AdminStaffRow,
  listInvitations: async (signal?: AbortSignal): Promise<{ rows: AdminStaffInvitation[]; total: number }> => {
    const response = await httpClient(`${ADMIN_API}/invitations?_start=0&_end=100`, { signal });
    return {
      rows: response.json as AdminStaffInvitation[],
      total: Number(response.headers.get(TOTAL_COUNT_HEADER) ?? 0),
    };
  },
  invite: async (request: StaffInvitationRequest): Promise<AdminStaffInvitation> =>
    (await httpClient(`${ADMIN_API}/invitations`, { method: 'POST', body: JSON.stringify(request) }))
      .json as AdminStaffInvitation,
  resend: async (id: string): Promise<AdminStaffInvitation> =>
    (await httpClient(`${ADMIN_API}/invitations/${encodeURIComponent(id)}/resend`, { method: 'POST' }))
      .json as AdminStaffInvitation,
  revoke: async (id: string): Promise<AdminStaffInvitation> =>
    (await httpClient(`${ADMIN_API}/invitations/${encodeURIComponent(id)}/revoke`, { method: 'POST' }))
      .json as AdminStaffInvitation,
  check: async (token: string): Promise<InvitationOffer> =>
    (await httpClient('/api/invitations/check', { method: 'POST', body: JSON.stringify({ token }) }))
      .json as InvitationOffer,
  accept: async (request: InvitationAcceptRequest): Promise<void> => {
    await httpClient('/api/invitations/accept', { method: 'POST', body: JSON.stringify(request) });
  },
};
