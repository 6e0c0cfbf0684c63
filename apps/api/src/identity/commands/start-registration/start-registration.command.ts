import type { StartRegistrationRequestDto } from './start-registration.request.dto';

/** Step 1 of registration: check the details, keep them pending and text a code to the phone. */
export class StartRegistrationCommand {
  constructor(
    readonly request: StartRegistrationRequestDto,
    /** The caller's address, for the rate limit. */
    readonly address: string,
  ) {}
}
