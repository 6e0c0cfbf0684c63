import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import type { FieldErrorDto } from '@councilpay/domain';

/** class-validator rule names -> the i18n keys of the portal's generic field messages. */
const RULE_CODES: Record<string, string> = {
  isNotEmpty: 'required',
  isDefined: 'required',
  isEmail: 'email',
  min: 'min_value',
  max: 'max_value',
  minLength: 'min',
  maxLength: 'max',
  isInt: 'numeric',
  isNumber: 'numeric',
  isNumberString: 'numeric',
  isIn: 'in',
  isEnum: 'in',
  matches: 'regex',
  isString: 'string',
  isBoolean: 'boolean',
  isArray: 'array',
  arrayMinSize: 'min',
  arrayMaxSize: 'max',
  whitelistValidation: 'not_allowed',
  nestedValidation: 'invalid',
  isObject: 'invalid',
};

/** Flattens nested class-validator errors into one entry per field and rule. */
export function toFieldErrors(errors: ValidationError[], parent = ''): FieldErrorDto[] {
  return errors.flatMap((error) => {
    const field = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.entries(error.constraints ?? {}).map(([rule, message]) => ({
      field,
      code: RULE_CODES[rule] ?? rule,
      message,
    }));
    return [...own, ...toFieldErrors(error.children ?? [], field)];
  });
}

/** The global pipe: unknown fields are refused, values converted to their declared types. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) =>
      new BadRequestException({
        code: 'validation_failed',
        message: 'Some fields are missing or invalid',
        errors: toFieldErrors(errors),
      }),
  });
}
