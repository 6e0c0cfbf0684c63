import { randomUUID } from 'node:crypto';
import { Injectable, Logger } from '@nestjs/common';
import {
  COUNCIL_API_MAX_LIVE_KEYS,
  COUNCIL_API_ROTATION_DEFAULT_HOURS,
  type CouncilApiKey as CouncilApiKeyView,
  type CouncilApiKeyState,
  type CouncilApiKeyWithSecret,
  type CouncilApiRequestRow,
} from '@councilpay/domain';
import { newCouncilApiKey } from '@councilpay/webhooks';
import { SecretSealer } from '../secrets/secret-sealer';
import { recordStaffAction } from '../audit/staff-audit';
import type { ListPage } from '../http/list-query';
import type { Principal } from '../auth/principal';
import { councilScope } from '../auth/roles';
import type { CouncilApiKey, CouncilApiRequest, Prisma } from '../generated/prisma/client';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';

const HOUR_MS = 3_600_000;
const notFound = () => new ApiError(404, 'not_found', 'Not Found!');

/** A key works when it is not revoked and not past its rotation deadline. */
export function keyState(row: Pick<CouncilApiKey, 'revokedAt' | 'expiresAt'>, now = new Date()): CouncilApiKeyState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return row.expiresAt ? 'rotating' : 'active';
}

const liveKeys = (councilCode: string, now: Date): Prisma.CouncilApiKeyWhereInput => ({
  councilCode,
  revokedAt: null,
  OR: [{ expiresAt: null }, { expiresAt: { gt: now } }],
});

export function toKeyView(row: CouncilApiKey): CouncilApiKeyView {
  return {
    id: row.id,
    keyId: row.keyId,
    council: row.councilCode,
    description: row.description,
    secretHint: row.secretHint,
    state: keyState(row),
    replacesId: row.replacesId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

export function toRequestRow(row: CouncilApiRequest & { apiKey: { keyId: string } }): CouncilApiRequestRow {
  return {
    id: row.id.toString(),
    apiKeyId: row.apiKeyId,
    keyId: row.apiKey.keyId,
    council: row.councilCode,
    method: row.method,
    path: row.path,
    status: row.status,
    code: row.code,
    idempotencyKey: row.idempotencyKey,
    importId: row.importId,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
  };
}

/** What the staff audit keeps of a key: its id and hint, never the secret. */
function audited(row: CouncilApiKey): Prisma.InputJsonObject {
  return {
    keyId: row.keyId,
    council: row.councilCode,
    description: row.description,
    secretHint: row.secretHint,
    replacesId: row.replacesId,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    revokedAt: row.revokedAt?.toISOString() ?? null,
  };
}

/**
 * Councils' API keys: made, rotated and revoked by `_admin` (each change in the staff audit, in its transaction),
 * read by council admins for their councils. The secret is sealed at rest with the webhook secrets' key (the
 * HMAC needs the key itself, so a hash would not do) and shown only in the answer that makes it.
 */
@Injectable()
export class CouncilApiKeys {
  private readonly logger = new Logger(CouncilApiKeys.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly secrets: SecretSealer,
  ) {}

  /** The secret of a key, to verify a request's signature. */
  openSecret(row: Pick<CouncilApiKey, 'id' | 'secretSealed'>): string {
    return this.secrets.open(row.id, row.secretSealed);
  }

  visibleWhere(principal: Principal): Prisma.CouncilApiKeyWhereInput {
    const scope = councilScope(principal);
    return scope.all ? {} : { councilCode: { in: scope.councils } };
  }

  async list(principal: Principal, council?: string): Promise<ListPage<CouncilApiKeyView>> {
    const rows = await this.prisma.councilApiKey.findMany({
      where: { AND: [this.visibleWhere(principal), council ? { councilCode: council } : {}] },
      orderBy: [{ councilCode: 'asc' }, { createdAt: 'desc' }, { id: 'asc' }],
      take: 500,
    });
    return { rows: rows.map(toKeyView), total: rows.length };
  }

  async get(principal: Principal, id: string): Promise<CouncilApiKeyView> {
    return toKeyView(await this.visible(principal, id));
  }

  async requests(
    principal: Principal,
    filter: { apiKeyId?: string; council?: string; skip: number; take: number },
  ): Promise<ListPage<CouncilApiRequestRow>> {
    const scope = councilScope(principal);
    const where: Prisma.CouncilApiRequestWhereInput = {
      AND: [
        scope.all ? {} : { councilCode: { in: scope.councils } },
        filter.apiKeyId ? { apiKeyId: filter.apiKeyId } : {},
        filter.council ? { councilCode: filter.council } : {},
      ],
    };
    const [rows, total] = await Promise.all([
      this.prisma.councilApiRequest.findMany({
        where,
        include: { apiKey: { select: { keyId: true } } },
        orderBy: { id: 'desc' },
        skip: filter.skip,
        take: filter.take,
      }),
      this.prisma.councilApiRequest.count({ where }),
    ]);
    return { rows: rows.map(toRequestRow), total };
  }

  /** A council's first key (or a new one after every key was revoked): refused while it has a live key. */
  async create(principal: Principal, council: string, description: string | null): Promise<CouncilApiKeyWithSecret> {
    return this.make(principal, council, description, null);
  }

  /**
   * A successor for a live key: both work until the old key's deadline (`graceHours` from now), so the council
   * can move its systems over without a gap; revoking the old key ends it at once.
   */
  async rotate(
    principal: Principal,
    id: string,
    graceHours: number = COUNCIL_API_ROTATION_DEFAULT_HOURS,
  ): Promise<CouncilApiKeyWithSecret> {
    const old = await this.visible(principal, id);
    if (keyState(old) !== 'active') {
      throw new ApiError(
        409,
        'council_api_key_not_active',
        'Only a key in use and not already rotating can be rotated',
      );
    }
    return this.make(principal, old.councilCode, old.description, { id: old.id, graceHours });
  }

  async revoke(principal: Principal, id: string): Promise<CouncilApiKeyView> {
    const before = await this.visible(principal, id);
    if (before.revokedAt) return toKeyView(before);
    const after = await this.prisma.$transaction(async (tx) => {
      const row = await tx.councilApiKey.update({
        where: { id },
        data: { revokedAt: new Date(), revokedById: principal.id },
      });
      await recordStaffAction(tx, principal, {
        action: 'council_api_key_revoke',
        targetType: 'council_api_key',
        targetId: id,
        councils: [row.councilCode],
        before: audited(before),
        after: audited(row),
      });
      return row;
    });
    this.logger.log(
      { keyId: after.keyId, council: after.councilCode, staffId: principal.id },
      'Council API key revoked',
    );
    return toKeyView(after);
  }

  private async make(
    principal: Principal,
    council: string,
    description: string | null,
    replaces: { id: string; graceHours: number } | null,
  ): Promise<CouncilApiKeyWithSecret> {
    const id = randomUUID();
    const { keyId, secret } = newCouncilApiKey();
    const now = new Date();
    const row = await this.prisma.$transaction(async (tx) => {
      // The council's row lock: two creations or rotations at once cannot both pass the count.
      const found = await tx.$queryRaw<{ code: string }[]>`
        SELECT "code" FROM "Council" WHERE "code" = ${council} FOR UPDATE`;
      if (found.length === 0) throw notFound();
      const live = await tx.councilApiKey.findMany({ where: liveKeys(council, now), select: { id: true } });
      // A council holds one key, or two during a rotation (COUNCIL_API_MAX_LIVE_KEYS).
      const blocked = replaces ? live.some((k) => k.id !== replaces.id) : live.length > 0;
      if (blocked || live.length >= COUNCIL_API_MAX_LIVE_KEYS) {
        throw new ApiError(
          409,
          replaces ? 'council_api_key_rotating' : 'council_api_key_exists',
          replaces
            ? 'This council has a rotation under way: revoke the old key (or wait for its deadline) first'
            : 'This council has a key in use: rotate it instead',
        );
      }
      if (replaces) {
        const before = await tx.councilApiKey.findUniqueOrThrow({ where: { id: replaces.id } });
        const updated = await tx.councilApiKey.update({
          where: { id: replaces.id },
          data: { expiresAt: new Date(now.getTime() + replaces.graceHours * HOUR_MS) },
        });
        await recordStaffAction(tx, principal, {
          action: 'council_api_key_rotate',
          targetType: 'council_api_key',
          targetId: replaces.id,
          councils: [council],
          before: audited(before),
          after: { ...audited(updated), successorKeyId: keyId },
        });
      }
      const created = await tx.councilApiKey.create({
        data: {
          id,
          keyId,
          councilCode: council,
          description,
          secretSealed: this.secrets.seal(id, secret),
          secretHint: secret.slice(-4),
          replacesId: replaces?.id ?? null,
          createdById: principal.id,
        },
      });
      await recordStaffAction(tx, principal, {
        action: 'council_api_key_create',
        targetType: 'council_api_key',
        targetId: id,
        councils: [council],
        before: null,
        after: audited(created),
      });
      return created;
    });
    this.logger.log(
      { keyId, council, staffId: principal.id, replaces: replaces?.id ?? null },
      replaces ? 'Council API key rotated' : 'Council API key created',
    );
    return { ...toKeyView(row), secret };
  }

  private async visible(principal: Principal, id: string): Promise<CouncilApiKey> {
    const row = await this.prisma.councilApiKey.findFirst({ where: { id, ...this.visibleWhere(principal) } });
    if (!row) throw notFound();
    return row;
  }
}
