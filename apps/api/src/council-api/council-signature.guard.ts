import {
  applyDecorators,
  CanActivate,
  createParamDecorator,
  ExecutionContext,
  Injectable,
  Logger,
  UseGuards,
} from '@nestjs/common';
import { ApiHeader, ApiUnauthorizedResponse } from '@nestjs/swagger';
import type { Request, Response } from 'express';
import { COUNCIL_AUTH_REFUSALS, IDEMPOTENCY_KEY_HEADER, type CouncilAuthRefusal } from '@councilpay/domain';
import {
  COUNCIL_REQUEST_SIGNATURE_HEADER,
  COUNCIL_REQUEST_TOLERANCE_S,
  parseCouncilSignature,
  verifyCouncilRequest,
} from '@councilpay/webhooks';
import type { CouncilCode } from '@councilpay/domain';
import { ApiError } from '../http/api-error';
import { PrismaService } from '../prisma/prisma.service';
import { RedisService } from '../redis/redis.module';
import { CouncilApiKeys, keyState } from './council-api-keys';

/** The council a signed request comes from, put on the request by CouncilSignatureGuard. */
export interface CouncilCaller {
  readonly apiKeyId: string;
  readonly keyId: string;
  readonly councilCode: CouncilCode;
}

/** What a route of the council API tells the request log about its answer. */
export interface CouncilRequestNote {
  importId?: string;
}

type SignedRequest = Request & { councilCaller?: CouncilCaller; rawBody?: Buffer; councilNote?: CouncilRequestNote };

const REASONS: Record<CouncilAuthRefusal, string> = {
  signature_missing: `Sign the request: the ${COUNCIL_REQUEST_SIGNATURE_HEADER} header is missing`,
  signature_malformed: `The ${COUNCIL_REQUEST_SIGNATURE_HEADER} header is not k=<key id>,t=<unix seconds>,n=<nonce>,v1=<hex>`,
  signature_stale: `The signature's timestamp is more than ${COUNCIL_REQUEST_TOLERANCE_S / 60} minutes from our clock: check the sender's clock`,
  signature_mismatch:
    'The signature does not match the request: sign the method, path with query, timestamp, nonce and the exact body sent',
  signature_replayed: 'This signature was used already: sign every request afresh (a new nonce)',
  key_unknown: 'No key has this key id',
  key_revoked: 'This key was revoked: use the key your council was given since',
  key_expired: "This key's rotation deadline has passed: use its successor",
};

function refuse(reason: CouncilAuthRefusal): ApiError {
  return new ApiError(401, reason, REASONS[reason]);
}

/** Signed requests' nonces are remembered this long: past it, the timestamp alone refuses them. */
const NONCE_TTL_S = 2 * COUNCIL_REQUEST_TOLERANCE_S + 60;

/**
 * Authenticates a council system's signed request: a well-formed signature by a known, live key, within five
 * minutes of our clock, over this method, path, timestamp, nonce and raw body, and never seen before (the nonce
 * is kept in Redis with SET NX for longer than the tolerance). Each refusal is a 401 naming its reason; nothing
 * is written for it (it is logged). On success the council is on the request (`@Council()`), and when the answer
 * is sent the request is added to the key's log and the key's last use updated.
 */
@Injectable()
export class CouncilSignatureGuard implements CanActivate {
  private readonly logger = new Logger(CouncilSignatureGuard.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly redis: RedisService,
    private readonly keys: CouncilApiKeys,
  ) {}

  async canActivate(context: ExecutionContext): Promise<boolean> {
    const req = context.switchToHttp().getRequest<SignedRequest>();
    const res = context.switchToHttp().getResponse<Response>();
    const header = req.headers[COUNCIL_REQUEST_SIGNATURE_HEADER.toLowerCase()];
    const refused = (reason: CouncilAuthRefusal, keyId?: string) => {
      this.logger.warn({ reason, keyId, method: req.method, path: req.originalUrl }, 'Council API request refused');
      return refuse(reason);
    };
    if (header === undefined) throw refused('signature_missing');
    const parsed = parseCouncilSignature(Array.isArray(header) ? undefined : header);
    if (!parsed) throw refused('signature_malformed');
    const key = await this.prisma.councilApiKey.findUnique({ where: { keyId: parsed.keyId } });
    if (!key) throw refused('key_unknown', parsed.keyId);
    const state = keyState(key);
    if (state === 'revoked') throw refused('key_revoked', key.keyId);
    if (state === 'expired') throw refused('key_expired', key.keyId);
    let secret: string;
    try {
      secret = this.keys.openSecret(key);
    } catch (error) {
      // Sealed under another WEBHOOK_SECRETS_KEY (a rotation without re-sealing): ours to fix, not the caller's.
      this.logger.error({ err: error, keyId: key.keyId }, 'Council API key cannot be opened');
      throw new ApiError(
        503,
        'council_key_unavailable',
        'This key cannot be checked just now: ask CouncilPay for a new key',
      );
    }
    const verdict = verifyCouncilRequest(secret, parsed, {
      method: req.method,
      path: req.originalUrl,
      body: req.rawBody ?? '',
    });
    if (!verdict.ok) throw refused(verdict.reason === 'stale' ? 'signature_stale' : 'signature_mismatch', key.keyId);
    await this.redis.ensureConnected();
    const first = await this.redis.client.set(
      this.redis.key('council-api', 'nonce', key.keyId, parsed.nonce),
      '1',
      'EX',
      NONCE_TTL_S,
      'NX',
    );
    if (first !== 'OK') throw refused('signature_replayed', key.keyId);

    const caller: CouncilCaller = { apiKeyId: key.id, keyId: key.keyId, councilCode: key.councilCode as CouncilCode };
    req.councilCaller = caller;
    req.councilNote = {};
    const started = process.hrtime.bigint();
    res.on('finish', () => void this.record(req, res, caller, started));
    return true;
  }

  private async record(req: SignedRequest, res: Response, caller: CouncilCaller, started: bigint): Promise<void> {
    const idempotencyKey = req.header(IDEMPOTENCY_KEY_HEADER);
    const code = (res.locals as { errorCode?: string }).errorCode ?? null;
    try {
      await this.prisma.$transaction([
        this.prisma.councilApiRequest.create({
          data: {
            apiKeyId: caller.apiKeyId,
            councilCode: caller.councilCode,
            method: req.method,
            path: req.originalUrl.slice(0, 500),
            status: res.statusCode,
            code: res.statusCode >= 400 ? code : null,
            idempotencyKey: idempotencyKey && idempotencyKey.length <= 100 ? idempotencyKey : null,
            importId: req.councilNote?.importId ?? null,
            durationMs: Number((process.hrtime.bigint() - started) / 1_000_000n),
          },
        }),
        this.prisma.councilApiKey.update({ where: { id: caller.apiKeyId }, data: { lastUsedAt: new Date() } }),
      ]);
    } catch (error) {
      this.logger.error({ err: error, keyId: caller.keyId }, 'Council API request not recorded');
    }
  }
}

/** Routes a council's systems call with a signed request: the guard, and the header in the OpenAPI document. */
export function CouncilSigned(): MethodDecorator & ClassDecorator {
  return applyDecorators(
    UseGuards(CouncilSignatureGuard),
    ApiHeader({
      name: COUNCIL_REQUEST_SIGNATURE_HEADER,
      required: true,
      description:
        'k=<key id>,t=<unix seconds>,n=<nonce, 16-64 base64url characters>,v1=<hex HMAC-SHA256 of the canonical string> (docs/integration.md)',
      example: 'k=cpk_4AqzS0d1tVj3lXhE,t=1795744800,n=Jx0c6kq1Wm9yZr2aPq7uVw,v1=5f0c…',
    }),
    ApiUnauthorizedResponse({ description: `Refused, with code one of: ${COUNCIL_AUTH_REFUSALS.join(', ')}` }),
  );
}

/** The council of the signed request (routes behind @CouncilSigned always have one). */
export const Council = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CouncilCaller =>
    context.switchToHttp().getRequest<SignedRequest>().councilCaller!,
);

/** Lets the request log name the import a route wrote. */
export const CouncilNote = createParamDecorator(
  (_data: unknown, context: ExecutionContext): CouncilRequestNote =>
    context.switchToHttp().getRequest<SignedRequest>().councilNote ?? {},
);
