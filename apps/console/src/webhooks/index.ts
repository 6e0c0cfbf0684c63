import WebhookIcon from '@mui/icons-material/Webhook';
import { WebhooksPage } from './WebhooksPage';

/** The councils' webhook endpoints and their deliveries (every staff member, within their councils). */
export default {
  path: '/webhooks',
  page: WebhooksPage,
  icon: WebhookIcon,
};
