import type { NextFunction, Request, Response } from 'express';
import type { Metrics } from './metrics';

/**
 * Times every answer, labelled by the route's pattern (`/api/payments/:reference`, never the reference itself,
 * so the labels stay few) once Express has matched it; static files and unmatched paths are `other`.
 */
export function httpMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const end = metrics.httpDuration.startTimer();
    res.once('finish', () => {
      const pattern = (req.route as { path?: unknown } | undefined)?.path;
      const route = typeof pattern === 'string' ? `${req.baseUrl}${pattern}` : 'other';
      end({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
