import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import { CouncilEdit } from './CouncilEdit';
import { CouncilList } from './CouncilList';
import { CouncilShow } from './CouncilShow';

/** The `councils` resource, spread into <Resource name="councils" />. */
export default {
  list: CouncilList,
  show: CouncilShow,
  edit: CouncilEdit,
  icon: AccountBalanceIcon,
  recordRepresentation: 'code',
};
