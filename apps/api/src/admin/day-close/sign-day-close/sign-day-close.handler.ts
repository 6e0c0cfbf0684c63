import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { malaysiaDay, type DayCloseReport, type DaySignedOffData } from '@councilpay/domain';
import { Prisma } from '../../../generated/prisma/client';
import { ApiError } from '../../../http/api-error';
import { PrismaService } from '../../../prisma/prisma.service';
import { recordCouncilEvents } from '../../../webhooks/council-events';
import { recordStaffAction } from '../../../audit/staff-audit';
import { DayCloseReports } from '../day-close-reports';
import { SignDayCloseCommand } from './sign-day-close.command';

const alreadySigned = () => new ApiError(409, 'day_already_signed', 'This day was signed off already');

/**
 * Signs a council's day off, once: only a day that is over (Malaysian time), by an admin of that council (or
 * `_admin`), with the day's figures kept as they are at that moment, the sign-off in the staff audit and the
 * council's `day.signed_off` event, in one transaction. The signed figures never change (the table refuses
 * it): money recorded afterwards that would fall on the day counts on the day it is recorded.
 */
@CommandHandler(SignDayCloseCommand)
export class SignDayCloseHandler implements ICommandHandler<SignDayCloseCommand, DayCloseReport> {
  private readonly logger = new Logger(SignDayCloseHandler.name);

  constructor(
    private readonly prisma: PrismaService,
    private readonly reports: DayCloseReports,
  ) {}

  async execute({ principal, council, day }: SignDayCloseCommand): Promise<DayCloseReport> {
    await this.reports.existingTarget(principal, council, day);
    if (day >= malaysiaDay()) {
      throw new ApiError(409, 'day_not_over', 'A day is signed off once it is over (Malaysian time)', { day });
    }
    if (await this.prisma.dayClose.findUnique({ where: { councilCode_day: { councilCode: council, day } } })) {
      throw alreadySigned();
    }
    const figures = await this.reports.figures(principal, council, day);
    try {
      await this.prisma.$transaction(async (tx) => {
        const signed = await tx.dayClose.create({
          data: {
            councilCode: council,
            day,
            figures: figures as unknown as Prisma.InputJsonObject,
            signedById: principal.id,
            signedByEmail: principal.email,
          },
        });
        await recordStaffAction(tx, principal, {
          action: 'day_signed_off',
          targetType: 'day_close',
          targetId: `${council}/${day}`,
          councils: [council],
          before: null,
          after: {
            paidSen: figures.total.paidSen,
            refundsMadeSen: figures.total.refundsMadeSen,
            netSen: figures.total.netSen,
            settlementDifferenceSen: figures.settlementDifferenceSen,
            checkHolds: figures.check.holds,
          },
        });
        const data: DaySignedOffData = {
          day,
          signedAt: signed.signedAt.toISOString(),
          signedBy: principal.email,
          paidSen: figures.total.paidSen,
          refundsMadeSen: figures.total.refundsMadeSen,
          netSen: figures.total.netSen,
        };
        await recordCouncilEvents(tx, [{ council, type: 'day.signed_off', billKeys: [], data }], signed.signedAt);
      });
    } catch (error) {
      if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === 'P2002') throw alreadySigned();
      throw error;
    }
    this.logger.log({ council, day, staffId: principal.id, netSen: figures.total.netSen }, 'Day signed off');
    return this.reports.report(principal, council, day);
  }
}
