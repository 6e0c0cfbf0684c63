import { CanActivate, createParamDecorator, ExecutionContext, Injectable, Logger, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request, Response } from 'express';
import { isCouncilRole, isSystemAdmin, rolesWith, type Role, type StaffPower } from '@councilpay/domain';
import { ApiError } from '../http/api-error';
import { secondFactorState, type Principal } from './principal';
import { SESSION_ENDED } from './sessions';

export const ROLES_KEY = 'councilpay:roles';
export const BEFORE_SECOND_FACTOR_KEY = 'councilpay:beforeSecondFactor';

/**
 * Who may call a route: a signed-in user with one of these roles. `_admin` passes every check. With no
 * roles (`@Roles()`, spelt `@SignedIn()`), any signed-in user may. A route without the decorator is public,
 * except under /api/admin, where a missing decorator is refused (and a test lists every admin route).
 * A council role lets its holder call the route only for the councils where they hold one of the listed roles:
 * the route's handler sees the caller with only those councils (councilScope).
 */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
export const SignedIn = () => Roles();
/** A staff route: the council roles holding this power (libs/domain staff-roles.ts), and `_admin`. */
export const StaffMay = (power: StaffPower) => Roles(...rolesWith(power));

/**
 * A route a staff member signed in with the password alone may use (who they are, signing out, the second
 * factor's own routes). Every other route that needs a user refuses them with 403 until the second factor is
 * passed: `second_factor_enrolment_required` when they have none yet, else `second_factor_required`.
 */
export const BeforeSecondFactor = () => SetMetadata(BEFORE_SECOND_FACTOR_KEY, true);

/** Every admin route must carry roles; this is the path prefix the guard refuses to leave open. */
export const ADMIN_PATH = '/api/admin';

export function rolesOf(reflector: Reflector, context: ExecutionContext): Role[] | undefined {
  return reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
}

export function hasRole(principal: Principal, required: readonly Role[]): boolean {
  if (principal.roles.includes('_admin')) return true;
  return required.length === 0 || required.some((role) => principal.roles.includes(role));
}

/**
 * The caller as a route with these roles sees them: only the councils where they hold one of the roles. An
 * officer of one council who only views another may act on the first alone.
 */
export function narrowedTo(principal: Principal, required: readonly Role[]): Principal {
  if (required.length === 0 || isSystemAdmin(principal)) return principal;
  const grants = principal.grants.filter((g) => required.includes(g.role));
  return {
    ...principal,
    grants,
    roles: principal.roles.filter((r) => !isCouncilRole(r) || grants.some((g) => g.role === r)),
    councils: [...new Set(grants.map((g) => g.council))],
  };
}

/** Where the guard leaves the caller as the route sees them (CurrentUser answers it). */
const ROUTE_PRINCIPAL = Symbol('councilpay:route-principal');
type RoutedRequest = Request & { [ROUTE_PRINCIPAL]?: Principal };

export function unauthorized(ended?: unknown): ApiError {
  if (ended === 'idle')
    return new ApiError(
      401,
      'session_idle_timeout',
      'Your session ended after a while without use. Please log in again.',
    );
  return new ApiError(401, 'unauthorized', 'Please log in to continue.');
}

/** 403 for a staff session that has not passed the second factor, or null when it may go on. */
export function secondFactorRefusal(principal: Principal, passedSince: number | undefined): ApiError | null {
  const state = secondFactorState(principal, passedSince);
  if (state === 'enrolment_required')
    return new ApiError(403, 'second_factor_enrolment_required', 'Set up your second factor before you go on.');
  if (state === 'code_required')
    return new ApiError(403, 'second_factor_required', 'Enter the code of your authenticator app before you go on.');
  return null;
}

/** The one guard behind @Roles, installed globally by IdentityModule. */
@Injectable()
export class RolesGuard implements CanActivate {
  private readonly logger = new Logger(RolesGuard.name);

  constructor(private readonly reflector: Reflector) {}

  canActivate(context: ExecutionContext): boolean {
    if (context.getType() !== 'http') return true;
    const request = context.switchToHttp().getRequest<Request>();
    const required = rolesOf(this.reflector, context);
    if (required === undefined) {
      if (!request.originalUrl.startsWith(`${ADMIN_PATH}/`)) return true;
      this.logger.error(
        { route: `${context.getClass().name}.${context.getHandler().name}` },
        'Admin route without @Roles refused',
      );
      throw new ApiError(403, 'forbidden', 'You are not allowed to do this.');
    }
    const principal = request.user as Principal | undefined;
    if (!principal) throw unauthorized(context.switchToHttp().getResponse<Response>().locals[SESSION_ENDED]);
    const early = this.reflector.getAllAndOverride<boolean | undefined>(BEFORE_SECOND_FACTOR_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!early) {
      const refusal = secondFactorRefusal(principal, request.session?.secondFactorSince);
      if (refusal) throw refusal;
    }
    if (!hasRole(principal, required)) throw new ApiError(403, 'forbidden', 'You are not allowed to do this.');
    (request as RoutedRequest)[ROUTE_PRINCIPAL] = narrowedTo(principal, required);
    return true;
  }
}

/**
 * The signed-in user (undefined for a guest). Routes behind @Roles always have one, with only the councils where
 * they hold one of the route's roles.
 */
export const CurrentUser = createParamDecorator((_data: unknown, context: ExecutionContext): Principal | undefined => {
  const request = context.switchToHttp().getRequest<RoutedRequest>();
  return request[ROUTE_PRINCIPAL] ?? (request.user as Principal | undefined);
});

/**
 * The councils a staff member may see or act in: every one for `_admin`, for anyone else the councils where they
 * hold a council role (behind @Roles, one of the route's roles).
 */
export type CouncilScope = { all: true } | { all: false; councils: string[] };

export function councilScope(principal: Principal): CouncilScope {
  if (isSystemAdmin(principal)) return { all: true };
  return { all: false, councils: [...new Set(principal.grants.map((g) => g.council))].sort() };
}
