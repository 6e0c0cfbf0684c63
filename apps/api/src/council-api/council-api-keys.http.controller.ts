import { Body, Controller, Get, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { Response } from 'express';
import type { CouncilApiKey, CouncilApiKeyWithSecret, CouncilApiRequestRow } from '@councilpay/domain';
import { UuidParam } from '../http/id.param';
import { listWindow, sendPage } from '../http/list-query';
import type { Principal } from '../auth/principal';
import { CurrentUser, Roles, StaffMay } from '../auth/roles';
import { CouncilApiKeys } from './council-api-keys';
import {
  CreateCouncilApiKeyDto,
  ListCouncilApiKeysDto,
  ListCouncilApiRequestsDto,
  RotateCouncilApiKeyDto,
} from './council-api.request.dto';

/**
 * Councils' API keys in the console: `_admin` creates, rotates and revokes them; a council admin sees their
 * councils' keys (never a secret) and the requests made with them.
 */
@ApiTags('admin')
@Controller('admin')
export class CouncilApiKeysHttpController {
  constructor(private readonly keys: CouncilApiKeys) {}

  @Get('council-api-keys')
  @StaffMay('administer')
  @ApiOperation({ summary: "The councils' API keys the caller may see (filter: council); never a secret" })
  async list(
    @CurrentUser() principal: Principal,
    @Query() query: ListCouncilApiKeysDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CouncilApiKey[]> {
    return sendPage(res, await this.keys.list(principal, query.council));
  }

  @Get('council-api-keys/:id')
  @StaffMay('administer')
  @ApiOperation({ summary: 'One API key: state, last use, rotation deadline; never the secret' })
  get(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<CouncilApiKey> {
    return this.keys.get(principal, id);
  }

  @Post('council-api-keys')
  @Roles('_admin')
  @ApiOperation({ summary: "Create a council's API key; the answer shows its secret, this once only" })
  create(@CurrentUser() principal: Principal, @Body() body: CreateCouncilApiKeyDto): Promise<CouncilApiKeyWithSecret> {
    return this.keys.create(principal, body.council, body.description?.trim() || null);
  }

  @Post('council-api-keys/:id/rotate')
  @Roles('_admin')
  @HttpCode(200)
  @ApiOperation({
    summary: 'Make a successor key (its secret shown this once); the old key works until graceHours from now',
  })
  rotate(
    @CurrentUser() principal: Principal,
    @Param() { id }: UuidParam,
    @Body() body: RotateCouncilApiKeyDto,
  ): Promise<CouncilApiKeyWithSecret> {
    return this.keys.rotate(principal, id, body.graceHours);
  }

  @Post('council-api-keys/:id/revoke')
  @Roles('_admin')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke a key: every request signed with it is refused from now on' })
  revoke(@CurrentUser() principal: Principal, @Param() { id }: UuidParam): Promise<CouncilApiKey> {
    return this.keys.revoke(principal, id);
  }

  @Get('council-api-requests')
  @StaffMay('administer')
  @ApiOperation({ summary: 'The requests councils’ keys made, newest first (filters: council, apiKeyId)' })
  async requests(
    @CurrentUser() principal: Principal,
    @Query() query: ListCouncilApiRequestsDto,
    @Res({ passthrough: true }) res: Response,
  ): Promise<CouncilApiRequestRow[]> {
    const window = listWindow(query, ['id'], { sort: 'id', order: 'desc' });
    return sendPage(
      res,
      await this.keys.requests(principal, {
        apiKeyId: query.apiKeyId,
        council: query.council,
        skip: window.skip,
        take: window.take,
      }),
    );
  }
}
