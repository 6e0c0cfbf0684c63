import BalanceIcon from '@mui/icons-material/Balance';
import { ReconciliationPage } from './ReconciliationPage';

/** Reconciliation (every staff member, within their councils): a custom route. */
export default {
  path: '/reconciliation',
  page: ReconciliationPage,
  icon: BalanceIcon,
};
