import { Controller, HttpCode, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiOperation, ApiTags } from '@nestjs/swagger';
import type { CollectionFileReproduction } from '@councilpay/domain';
import { DayCloseTargetDto } from '../../../money/day-close.request.dto';
import type { Principal } from '../../../auth/principal';
import { CurrentUser, StaffMay } from '../../../auth/roles';
import { ReproduceCollectionFileCommand } from './reproduce-collection-file.command';

@ApiTags('admin')
@Controller('admin/collection-files')
export class ReproduceCollectionFileHttpController {
  constructor(private readonly commandBus: CommandBus) {}

  @Post(':council/:day/reproduce')
  @StaffMay('operate')
  @HttpCode(200)
  @ApiOperation({
    summary:
      "Produce a council's day's collection files again and compare them with the kept ones, byte for byte " +
      '(a due day with none kept: kept now)',
  })
  reproduce(
    @CurrentUser() principal: Principal,
    @Param() { council, day }: DayCloseTargetDto,
  ): Promise<CollectionFileReproduction[]> {
    return this.commandBus.execute(new ReproduceCollectionFileCommand(principal, council, day));
  }
}
