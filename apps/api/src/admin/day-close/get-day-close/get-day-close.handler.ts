import { IQueryHandler, QueryHandler } from '@nestjs/cqrs';
import type { DayCloseReport } from '@councilpay/domain';
import { DayCloseReports } from '../day-close-reports';
import { GetDayCloseQuery } from './get-day-close.query';

@QueryHandler(GetDayCloseQuery)
export class GetDayCloseHandler implements IQueryHandler<GetDayCloseQuery, DayCloseReport> {
  constructor(private readonly reports: DayCloseReports) {}

  execute({ principal, council, day }: GetDayCloseQuery): Promise<DayCloseReport> {
    return this.reports.report(principal, council, day);
  }
}
