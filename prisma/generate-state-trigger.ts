/** Prints the payment status trigger generated from libs/domain: `npm run -s db:state-trigger > <migration>.sql`. */
import { paymentStatusTriggerSql } from './state-trigger';

process.stdout.write(paymentStatusTriggerSql());
