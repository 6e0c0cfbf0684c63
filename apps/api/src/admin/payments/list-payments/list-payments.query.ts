import type { Principal } from '../../../auth/principal';
import type { ListPaymentsRequestDto } from './list-payments.request.dto';

export class ListPaymentsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListPaymentsRequestDto,
  ) {}
}
