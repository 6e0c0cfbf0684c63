import SettingsIcon from '@mui/icons-material/Settings';
import { ConfigurationEdit } from './ConfigurationEdit';

/** The configuration singleton (`_admin`): a custom route, edited in place. */
export default {
  path: '/configuration',
  edit: ConfigurationEdit,
  icon: SettingsIcon,
};
