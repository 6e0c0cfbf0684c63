import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { SettlementPage } from './SettlementPage';

/** Settlement file check (every staff member, within their councils): a custom route. */
export default {
  path: '/settlement',
  page: SettlementPage,
  icon: ReceiptLongIcon,
};
