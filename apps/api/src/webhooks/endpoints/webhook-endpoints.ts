import { Inject, Injectable } from '@nestjs/common';
import type {
  StaffAction,
  WebhookDisabledReason,
  WebhookEndpoint as WebhookEndpointView,
  WebhookEventType,
} from '@councilpay/domain';
import { webhookUrlProblem } from '@councilpay/webhooks';
import { recordStaffAction } from '../../audit/staff-audit';
import type { Principal } from '../../auth/principal';
import { councilScope } from '../../auth/roles';
import type { AppConfig } from '../../config/config';
import { APP_CONFIG } from '../../config/config.module';
import type { Prisma, WebhookEndpoint } from '../../generated/prisma/client';
import { ApiError } from '../../http/api-error';
import { PrismaService } from '../../prisma/prisma.service';

const notFound = () => new ApiError(404, 'not_found', 'Not Found!');

/** The endpoints a staff member may see and change: every one for `_admin`, their councils' for a council admin. */
export function visibleEndpoints(principal: Principal): Prisma.WebhookEndpointWhereInput {
  const scope = councilScope(principal);
  return scope.all ? {} : { councilCode: { in: scope.councils } };
}

/** A council the caller may configure: `_admin` any existing council, a council admin only theirs. */
export function mayConfigure(principal: Principal, council: string): boolean {
  const scope = councilScope(principal);
  return scope.all || scope.councils.includes(council);
}

export function toEndpointView(row: WebhookEndpoint): WebhookEndpointView {
  return {
    id: row.id,
    council: row.councilCode,
    url: row.url,
    // Written only from the checked list; the database refuses any other value.
    events: row.events as WebhookEventType[],
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason as WebhookDisabledReason | null,
    disabledAt: row.disabledAt?.toISOString() ?? null,
    secretHint: row.secretHint,
    secretRotatedAt: row.secretRotatedAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Records a change of an endpoint in the staff audit, in the change's transaction: before and after, never the secret. */
export function auditEndpointChange(
  tx: Prisma.TransactionClient,
  principal: Principal,
  action: Extract<StaffAction, `webhook_endpoint_${string}`>,
  before: WebhookEndpoint | null,
  after: WebhookEndpoint,
): Promise<void> {
  return recordStaffAction(tx, principal, {
    action,
    targetType: 'webhook_endpoint',
    targetId: after.id,
    councils: [after.councilCode],
    before: before ? auditedEndpoint(before) : null,
    after: auditedEndpoint(after),
  });
}

/** What the staff audit keeps of an endpoint: its hint, never the secret. */
function auditedEndpoint(row: WebhookEndpoint): Prisma.InputJsonObject {
  return {
    council: row.councilCode,
    url: row.url,
    events: row.events,
    description: row.description,
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    secretHint: row.secretHint,
  };
}

/** The last four characters of a secret: enough to tell two apart, too few to matter. */
export function secretHint(secret: string): string {
  return secret.slice(-4);
}

@Injectable()
export class WebhookEndpoints {
  constructor(
    private readonly prisma: PrismaService,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** An endpoint the caller may see, or 404 (another council's endpoint is not said to exist). */
  async visible(principal: Principal, id: string): Promise<WebhookEndpoint> {
    const row = await this.prisma.webhookEndpoint.findFirst({ where: { id, ...visibleEndpoints(principal) } });
    if (!row) throw notFound();
    return row;
  }

  /** Refuses a URL the rule does not allow here (production: https and public only), naming why. */
  checkUrl(url: string): void {
    const problem = webhookUrlProblem(url, { production: this.config.webhooks.publicUrlsOnly });
    if (!problem) return;
    const why: Record<typeof problem, string> = {
      malformed: 'url must be an http(s) address with a host',
      not_https: 'url must start with https://',
      credentials: 'url must not hold a user name or password: the signature proves who is calling',
      private_address: 'url must be a public address: localhost, loopback, link-local and private networks are refused',
      too_long: 'url is too long',
    };
    throw new ApiError(400, `webhook_url_${problem}`, why[problem], { problem }, 'url');
  }
}
