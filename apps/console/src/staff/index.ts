import GroupAddIcon from '@mui/icons-material/GroupAdd';
import { AcceptInvitationPage } from './AcceptInvitationPage';
import { StaffPage } from './StaffPage';

/** A council's staff and invitations (`_admin` and council admins), and the invited person's accept page. */
export default {
  path: '/staff',
  page: StaffPage,
  icon: GroupAddIcon,
  acceptPath: '/invitation/:token',
  acceptPage: AcceptInvitationPage,
};
