import UploadFileIcon from '@mui/icons-material/UploadFile';
import { BillImportsPage } from './BillImportsPage';

/** Council bill files (every staff member, within their councils): a custom route. */
export default {
  path: '/bill-imports',
  page: BillImportsPage,
  icon: UploadFileIcon,
};
