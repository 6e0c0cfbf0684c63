/**
 * Every route (hash routing, no path parameters). Links use these constants, and
 * routes.tsx must give each one a page (its table is typed by `RouteName`).
 */
export const ROUTES = {
  home: '/',
  about: '/about',
  cart: '/cart',
  checkout: '/checkout',
  confirmation: '/confirmation',
  faq: '/faq',
  form: '/form',
  fpx_checkout: '/fpx_checkout',
  helpline: '/helpline',
  history: '/history',
  payment_information: '/payment_information',
  pdf: '/pdf',
  privacy: '/privacy',
  profile: '/profile',
  receipt: '/receipt',
  refund: '/refund',
  requery: '/requery',
  reset_password: '/reset_password',
  search: '/search',
  terms: '/terms',
} as const;

export type RouteName = keyof typeof ROUTES;
export type RoutePath = (typeof ROUTES)[RouteName];
