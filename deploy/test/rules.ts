/**
 * Our own rules for a deployment, beyond what the configuration validator checks (in production it refuses
 * the simulator, the demo merchant ids and development keys itself): shared by the compose and the Kubernetes
 * checks.
 */
import type { AppConfig } from '../../apps/api/src/config/config';

/**
 * Seconds a worker must be given between SIGTERM and SIGKILL: a message being sent is claimed for the
 * sending lease, and a gateway enquiry may take the gateway timeout; BullMQ lets the job in hand finish.
 */
export function workerGraceNeededSeconds(config: AppConfig): number {
  return Math.ceil(Math.max(config.notifications.notifySendingLeaseMs, config.gateways.timeoutMs) / 1000);
}

/** An image reference pinned by a tag other than latest, or by digest. */
export function isPinned(image: string): boolean {
  if (image.includes('@sha256:')) return true;
  const lastSegment = image.split('/').pop() ?? image;
  const tag = lastSegment.includes(':') ? lastSegment.split(':').pop() : undefined;
  return tag !== undefined && tag !== '' && tag !== 'latest';
}
