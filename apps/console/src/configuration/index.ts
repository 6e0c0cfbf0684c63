import SettingsIcon from '@mui/icons-material/Settings';
import { ConfigurationShow } from './ConfigurationShow';

/** The configuration singleton: a custom route (/configuration), not a list resource. */
export default {
  path: '/configuration',
  show: ConfigurationShow,
  icon: SettingsIcon,
};
