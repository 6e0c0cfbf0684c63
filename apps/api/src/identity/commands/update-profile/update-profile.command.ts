import type { UpdateProfileRequestDto } from './update-profile.request.dto';

export class UpdateProfileCommand {
  constructor(
    readonly userId: string,
    readonly request: UpdateProfileRequestDto,
  ) {}
}
