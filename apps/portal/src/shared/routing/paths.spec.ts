import { describe, expect, it } from 'vitest';
import { ROUTES } from './paths';

describe('ROUTES', () => {
  it('has exactly the routes, none with parameters', () => {
    const spec = [
      '/about',
      '/cart',
      '/checkout',
      '/confirmation',
      '/faq',
      '/form',
      '/fpx_checkout',
      '/helpline',
      '/history',
      '/payment_information',
      '/pdf',
      '/privacy',
      '/profile',
      '/receipt',
      '/refund',
      '/requery',
      '/reset_password',
      '/search',
      '/terms',
      '/',
    ];
    expect(Object.values(ROUTES).sort()).toEqual(spec.sort());
    expect(Object.values(ROUTES).some((path) => path.includes(':'))).toBe(false);
  });
});
