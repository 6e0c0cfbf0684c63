import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { ExpressAdapter } from '@bull-board/express';
import { getQueueToken } from '@nestjs/bullmq';
import type { INestApplication } from '@nestjs/common';
import type { Queue } from 'bullmq';
import type { NextFunction, Request, Response } from 'express';
import { ALL_QUEUES } from '../queues/queue-names';
import type { Principal } from '../auth/principal';

export const QUEUE_BOARD_PATH = '/api/admin/queues';

/** Only `_admin` sees the queues (the session is read by the identity middleware mounted before this one). */
function requireAdmin(req: Request, res: Response, next: NextFunction): void {
  const user = req.user as Principal | undefined;
  if (!user) {
    res.status(401).json({ statusCode: 401, code: 'unauthorized', message: 'Please log in to continue.' });
    return;
  }
  if (!user.roles.includes('_admin')) {
    res.status(403).json({ statusCode: 403, code: 'forbidden', message: 'This page is for system administrators.' });
    return;
  }
  next();
}

/**
 * Bull Board for operators: every queue's jobs, waiting, delayed and failed, at /api/admin/queues. Express
 * middleware rather than a Nest controller, so it is guarded here (and tested in test/queue-board.spec.ts).
 * Its actions (retry, remove) are POSTs without our CSRF header, so they are refused: the board is read-only.
 */
export function mountQueueBoard(app: INestApplication): void {
  const serverAdapter = new ExpressAdapter();
  serverAdapter.setBasePath(QUEUE_BOARD_PATH);
  createBullBoard({
    queues: ALL_QUEUES.map((name) => new BullMQAdapter(app.get<Queue>(getQueueToken(name)), { readOnlyMode: true })),
    serverAdapter,
  });
  app.use(QUEUE_BOARD_PATH, requireAdmin, serverAdapter.getRouter());
}
