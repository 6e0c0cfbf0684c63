import KeyIcon from '@mui/icons-material/Key';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import { CouncilApiKeyCreate } from './CouncilApiKeyCreate';
import { CouncilApiKeyList } from './CouncilApiKeyList';
import { CouncilApiRequestList } from './CouncilApiRequestList';

/** The `council-api-keys` resource: `_admin` makes, rotates and revokes; council admins see theirs. */
export default {
  list: CouncilApiKeyList,
  create: CouncilApiKeyCreate,
  icon: KeyIcon,
  recordRepresentation: 'keyId',
};

/** The `council-api-requests` resource: the keys' request log. */
export const councilApiRequests = {
  list: CouncilApiRequestList,
  icon: ReceiptLongIcon,
};
