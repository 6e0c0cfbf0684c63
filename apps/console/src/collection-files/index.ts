import DescriptionIcon from '@mui/icons-material/Description';
import { CollectionFilesPage } from './CollectionFilesPage';

/** The councils' daily collection files (every staff member, within their councils): a custom route. */
export default {
  path: '/collection-files',
  page: CollectionFilesPage,
  icon: DescriptionIcon,
};
