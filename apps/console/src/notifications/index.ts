import MailIcon from '@mui/icons-material/MarkEmailRead';
import { NotificationList } from './NotificationList';

/** The `notifications` resource: the outbox of emails and SMS. */
export default {
  list: NotificationList,
  icon: MailIcon,
};
