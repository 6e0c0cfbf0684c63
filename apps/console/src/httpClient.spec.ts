import { API_ERROR_CODES } from '@councilpay/domain';
import { describe, expect, it } from 'vitest';
import { errorMessageKey, formErrors } from './httpClient';

describe('an API refusal as the console shows it', () => {
  it('a refused image says why, in the console’s words for its reason', () => {
    const body = {
      statusCode: 400,
      code: 'image_invalid',
      message: 'logoImage nests <use> 20 deep; at most 3 levels are allowed',
      details: { reason: 'svg_too_complex' },
      errors: [{ field: 'logoImage', code: 'image_invalid', message: 'logoImage nests <use> 20 deep' }],
    };
    const key = errorMessageKey(body.code, body.message, body);
    expect(key).toBe('console.document_image.refused.svg_too_complex');
    // Under the input, and as the notification.
    expect(formErrors(body, key)).toEqual({ logoImage: key, root: { serverError: key } });
    // A reason the console does not know: its general words.
    expect(errorMessageKey('image_invalid', 'x', { ...body, details: { reason: 'other' } })).toBe(
      'console.errors.image_invalid',
    );
  });

  it('field errors of a validation refusal keep their own messages; an answer without any has none', () => {
    const body = {
      statusCode: 400,
      code: 'validation_failed',
      message: 'Some fields are missing or invalid',
      errors: [{ field: 'logoUrl', code: 'regex', message: 'logoUrl must be a path on this site' }],
    };
    expect(formErrors(body, 'Some fields are missing or invalid')).toEqual({
      logoUrl: 'logoUrl must be a path on this site',
      root: { serverError: 'Some fields are missing or invalid' },
    });
    expect(formErrors({ statusCode: 409, code: 'conflict', message: 'x' }, 'x')).toBeUndefined();
  });

  it('says every code the API sends in words, never the API’s English text', () => {
    for (const code of API_ERROR_CODES)
      expect(errorMessageKey(code, 'English text'), code).toMatch(/^(console\.)?errors\./);
    expect(errorMessageKey('refund_own_approval', 'x')).toBe('console.errors.refund_own_approval');
    expect(errorMessageKey('forbidden', 'x')).toBe('errors.forbidden');
    expect(errorMessageKey('no_such_code', 'The API’s words')).toBe('The API’s words');
  });
});
