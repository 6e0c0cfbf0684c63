/** Whether PostgreSQL and Redis answer, and for operators the queues, messages and money detail. */
export class GetHealthQuery {}
