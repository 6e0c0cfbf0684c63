import HistoryIcon from '@mui/icons-material/History';
import { AuditList } from './AuditList';

/** The `audit` resource: the staff audit, read-only. */
export default {
  list: AuditList,
  icon: HistoryIcon,
};
