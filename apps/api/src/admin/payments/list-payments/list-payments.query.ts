import type { Principal } from '../../../identity/principal';
import type { ListPaymentsRequestDto } from './list-payments.request.dto';

export class ListPaymentsQuery {
  constructor(
    readonly principal: Principal,
    readonly request: ListPaymentsRequestDto,
  ) {}
}
