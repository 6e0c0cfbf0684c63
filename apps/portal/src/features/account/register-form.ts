/**
 * The registration form's rules: full name, e-mail (valid), NRIC (12 digits with a valid
 * date of birth, libs/domain), phone, password, and a confirmation that matches. Messages are i18n keys
 * with their values, so they follow a language switch.
 */
import {
  isPhone,
  normalisePhone,
  PASSWORD_MIN_LENGTH,
  PHONE_CODE_LENGTH,
  validateNric,
  type RegisterRequest,
} from '@councilpay/domain';
import type { MessageKey } from '@councilpay/i18n';
import { emailFieldError, normaliseEmail } from '../../shared/session/session-api';

/** The SMS code: 6 digits (libs/domain PHONE_CODE_LENGTH). */
export const VERIFICATION_CODE = new RegExp(`^\\d{${PHONE_CODE_LENGTH}}$`);

export type RegisterValues = Omit<RegisterRequest, 'language'>;
export type RegisterField = keyof RegisterValues;

export interface FieldMessage {
  key: MessageKey;
  values?: Record<string, string | number>;
}

export type RegisterErrors = Partial<Record<RegisterField, FieldMessage>>;

export const EMPTY_REGISTRATION: RegisterValues = {
  fullName: '',
  email: '',
  nric: '',
  phone: '',
  password: '',
  confirmPassword: '',
};

export function checkRegistration(values: RegisterValues, today: Date = new Date()): RegisterErrors {
  const errors: RegisterErrors = {};
  const required: FieldMessage = { key: 'validation.field_required' };
  if (!values.fullName.trim()) errors.fullName = required;

  const emailError = emailFieldError(normaliseEmail(values.email));
  if (emailError) errors.email = { key: emailError };

  if (!values.nric.trim()) errors.nric = required;
  else {
    const nric = validateNric(values.nric, today);
    if (!nric.ok) errors.nric = { key: `validation.${nric.code}` };
  }

  const phone = normalisePhone(values.phone);
  if (!phone) errors.phone = required;
  else if (!isPhone(phone)) errors.phone = { key: 'checkout.phone_format' };

  if (!values.password) errors.password = required;
  else if (values.password.length < PASSWORD_MIN_LENGTH) {
    errors.password = { key: 'account.password_min', values: { min: PASSWORD_MIN_LENGTH } };
  }
  if (!values.confirmPassword) errors.confirmPassword = required;
  else if (values.confirmPassword !== values.password) errors.confirmPassword = { key: 'account.password_mismatch' };
  return errors;
}

/** The request sent: NRIC without separators, e-mail and phone without spaces. */
export function registrationRequest(values: RegisterValues): RegisterValues {
  return {
    ...values,
    fullName: values.fullName.trim(),
    email: normaliseEmail(values.email),
    nric: values.nric.replace(/[-\s]/g, ''),
    phone: normalisePhone(values.phone),
  };
}

/** Password reset: password required; confirmation required and matching. */
export function checkNewPassword(
  password: string,
  confirmPassword: string,
): Partial<Record<'password' | 'confirmPassword', FieldMessage>> {
  const errors: Partial<Record<'password' | 'confirmPassword', FieldMessage>> = {};
  if (!password) errors.password = { key: 'validation.field_required' };
  else if (password.length < PASSWORD_MIN_LENGTH) {
    errors.password = { key: 'account.password_min', values: { min: PASSWORD_MIN_LENGTH } };
  }
  if (!confirmPassword) errors.confirmPassword = { key: 'validation.field_required' };
  else if (confirmPassword !== password) errors.confirmPassword = { key: 'account.password_mismatch' };
  return errors;
}
