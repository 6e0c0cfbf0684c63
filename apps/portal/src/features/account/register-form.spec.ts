import { describe, expect, it } from 'vitest';
import { checkNewPassword, checkRegistration, EMPTY_REGISTRATION, registrationRequest } from './register-form';

const today = new Date('2026-11-22T00:00:00Z');
const valid = {
  fullName: 'Aminah binti Sapin',
  email: 'Aminah@Example.my',
  nric: '900101-12-5555',
  phone: '012 345 6789',
  password: 'Rahsia#2026',
  confirmPassword: 'Rahsia#2026',
};

describe('the registration form', () => {
  it('requires every field', () => {
    const errors = checkRegistration(EMPTY_REGISTRATION, today);
    expect(Object.keys(errors).sort()).toEqual(['confirmPassword', 'email', 'fullName', 'nric', 'password', 'phone']);
    expect(errors.fullName).toEqual({ key: 'validation.field_required' });
  });

  it('accepts a complete form', () => {
    expect(checkRegistration(valid, today)).toEqual({});
  });

  it('says the messages for a bad e-mail and NRIC', () => {
    expect(checkRegistration({ ...valid, email: 'aminah@' }, today).email).toEqual({ key: 'validation.email_format' });
    expect(checkRegistration({ ...valid, nric: '90010112555' }, today).nric).toEqual({ key: 'validation.nric_length' });
    expect(checkRegistration({ ...valid, nric: '901301125555' }, today).nric).toEqual({ key: 'validation.nric_dob' });
  });

  it('needs the confirmation to match the password', () => {
    expect(checkRegistration({ ...valid, confirmPassword: 'other' }, today).confirmPassword).toEqual({
      key: 'account.password_mismatch',
    });
  });

  it('sends the NRIC without dashes, e-mail without spaces and the phone in E.164', () => {
    expect(registrationRequest(valid)).toMatchObject({
      email: 'aminah@example.my',
      nric: '900101125555',
      phone: '+60123456789',
    });
  });

  it('takes "013-888 7766" (it has 10 digits; dashes and spaces are how people write it)', () => {
    expect(checkRegistration({ ...valid, phone: '013-888 7766' }, today).phone).toBeUndefined();
    expect(registrationRequest({ ...valid, phone: '013-888 7766' }).phone).toBe('+60138887766');
    expect(checkRegistration({ ...valid, phone: '013-888' }, today).phone).toEqual({ key: 'checkout.phone_format' });
  });
});

describe('the new password of a reset', () => {
  it('is required and confirmed', () => {
    expect(checkNewPassword('', '')).toEqual({
      password: { key: 'validation.field_required' },
      confirmPassword: { key: 'validation.field_required' },
    });
    expect(checkNewPassword('Rahsia#2026', 'Rahsia#2025')).toEqual({
      confirmPassword: { key: 'account.password_mismatch' },
    });
    expect(checkNewPassword('Rahsia#2026', 'Rahsia#2026')).toEqual({});
  });
});
