import { BadRequestException } from '@nestjs/common';
import { Transform } from 'class-transformer';
import { registerDecorator, ValidationArguments, ValidationOptions } from 'class-validator';
import { isPhone, normaliseEmail, normalisePhone, validateNric } from '@councilpay/domain';

/**
 * Field rules shared by the API's requests (identity, payments, staff, webhook endpoints). A custom rule's name is
 * the code the API answers with (see validation.ts), which is also the portal's i18n key: `nric_length`,
 * `nric_dob`, `confirmed`.
 */
function rule(
  name: string,
  message: string,
  check: (value: unknown, args: ValidationArguments) => boolean,
  options?: ValidationOptions,
) {
  return (object: object, propertyName: string) =>
    registerDecorator({
      name,
      target: object.constructor,
      propertyName,
      options: { message, ...options },
      validator: { validate: check },
    });
}

export const NRIC_MESSAGES = {
  nric_length: 'NRIC must be in 12 characters length',
  nric_dob: 'Invalid date of birth',
} as const;

function nricError(value: unknown): string | null {
  if (typeof value !== 'string') return 'nric_length';
  const result = validateNric(value);
  return result.ok ? null : result.code;
}

/** 'NRIC must be in 12 characters length' (dashes and spaces are allowed and dropped). */
export const IsNricLength = (options?: ValidationOptions) =>
  rule('nric_length', NRIC_MESSAGES.nric_length, (v) => nricError(v) !== 'nric_length', options);

/** 'Invalid date of birth': the first six digits must be a date (only checked once the length is right). */
export const IsNricBirthDate = (options?: ValidationOptions) =>
  rule('nric_dob', NRIC_MESSAGES.nric_dob, (v) => nricError(v) !== 'nric_dob', options);

/** The value must equal another field's (password confirmation). */
export const SameAs = (other: string, options?: ValidationOptions) =>
  rule(
    'confirmed',
    `$property must match ${other}`,
    (v, args) => v === (args.object as Record<string, unknown>)[other],
    options,
  );

export const NormaliseEmail = () =>
  Transform(({ value }) => (typeof value === 'string' ? normaliseEmail(value) : value));
export const NormalisePhone = () =>
  Transform(({ value }) => (typeof value === 'string' ? normalisePhone(value) : value));
export const Trim = () => Transform(({ value }) => (typeof value === 'string' ? value.trim() : value));

/** A phone number as people write one (libs/domain phone rule); stored in E.164 by `NormalisePhone`. */
export const IsPhoneNumber = (options?: ValidationOptions) =>
  rule(
    'phone_format',
    'phone must be a phone number such as 012-345 6789',
    (v) => typeof v === 'string' && isPhone(v),
    options,
  );

/** A 400 shaped like the validation pipe's, for a rule checked in a handler. */
export function fieldError(field: string, code: string, message: string): BadRequestException {
  return new BadRequestException({
    code: 'validation_failed',
    message: 'Some fields are missing or invalid',
    errors: [{ field, code, message }],
  });
}
