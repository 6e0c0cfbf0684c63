import { CanActivate, createParamDecorator, ExecutionContext, Injectable, Logger, SetMetadata } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import type { Role } from '@councilpay/domain';
import { ApiError } from '../http/api-error';
import type { Principal } from './principal';

export const ROLES_KEY = 'councilpay:roles';

/**
 * Who may call a route: a signed-in user with one of these roles. `_admin` passes every check. With no
 * roles (`@Roles()`, spelt `@SignedIn()`), any signed-in user may. A route without the decorator is public,
 * except under /api/admin, where a missing decorator is refused (and a test lists every admin route).
 */
export const Roles = (...roles: Role[]) => SetMetadata(ROLES_KEY, roles);
export const SignedIn = () => Roles();

/** Every admin route must carry roles; this is the path prefix the guard refuses to leave open. */
export const ADMIN_PATH = '/api/admin';

export function rolesOf(reflector: Reflector, context: ExecutionContext): Role[] | undefined {
  return reflector.getAllAndOverride<Role[] | undefined>(ROLES_KEY, [context.getHandler(), context.getClass()]);
}

export function hasRole(principal: Principal, required: readonly Role[]): boolean {
  if (principal.roles.includes('_admin')) return true;
  return required.length === 0 || required.some((role) => principal.roles.includes(role));
}

export function unauthorized(): ApiError {
  return new ApiError(401, 'unauthorized', 'Please log in to continue.');
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
    if (!principal) throw unauthorized();
    if (!hasRole(principal, required)) throw new ApiError(403, 'forbidden', 'You are not allowed to do this.');
    return true;
  }
}

/** The signed-in user (undefined for a guest). Routes behind @Roles always have one. */
export const CurrentUser = createParamDecorator(
  (_data: unknown, context: ExecutionContext): Principal | undefined =>
    context.switchToHttp().getRequest<Request>().user as Principal | undefined,
);

/** The councils a staff member may see: every one for `_admin`, the listed ones for a council admin. */
export type CouncilScope = { all: true } | { all: false; councils: string[] };

export function councilScope(principal: Principal): CouncilScope {
  if (principal.roles.includes('_admin')) return { all: true };
  return { all: false, councils: principal.roles.includes('council_admin') ? principal.councils : [] };
}
