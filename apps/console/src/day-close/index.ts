import EventAvailableIcon from '@mui/icons-material/EventAvailable';
import { DayClosePage } from './DayClosePage';

/** The day's close (every staff member, within their councils): a custom route. */
export default {
  path: '/day-close',
  page: DayClosePage,
  icon: EventAvailableIcon,
};
