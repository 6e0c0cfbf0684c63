import { DOCUMENT_VERIFY_ROUTE, VERIFY_EMAIL_ROUTE } from '@councilpay/domain';
import type { RouteObject } from 'react-router-dom';
import type { ComponentType } from 'react';
import { AppShell } from './app/AppShell';
import { lazyComponent } from './shared/routing/lazyComponent';
import { ROUTES, type RouteName } from './shared/routing/paths';

/** One lazily loaded page per route; the type makes a missing route a compile error. */
const PAGES: Readonly<Record<RouteName, ComponentType>> = {
  home: lazyComponent(() => import('./features/search/HomePage'), 'HomePage', { messages: 'core' }),
  about: lazyComponent(() => import('./features/info/AboutPage'), 'AboutPage'),
  cart: lazyComponent(() => import('./features/cart/CartPage'), 'CartPage'),
  checkout: lazyComponent(() => import('./features/checkout/CheckoutPage'), 'CheckoutPage'),
  confirmation: lazyComponent(() => import('./features/checkout/ConfirmationPage'), 'ConfirmationPage'),
  faq: lazyComponent(() => import('./features/info/FaqPage'), 'FaqPage'),
  form: lazyComponent(() => import('./features/account/RegisterPage'), 'RegisterPage'),
  fpx_checkout: lazyComponent(() => import('./features/checkout/FpxCheckoutPage'), 'FpxCheckoutPage'),
  helpline: lazyComponent(() => import('./features/info/HelplinePage'), 'HelplinePage'),
  history: lazyComponent(() => import('./features/payments/HistoryPage'), 'HistoryPage'),
  payment_information: lazyComponent(
    () => import('./features/checkout/PaymentInformationPage'),
    'PaymentInformationPage',
  ),
  pdf: lazyComponent(() => import('./features/licence/LicencePrintPage'), 'LicencePrintPage'),
  privacy: lazyComponent(() => import('./features/info/PrivacyPage'), 'PrivacyPage'),
  profile: lazyComponent(() => import('./features/account/ProfilePage'), 'ProfilePage'),
  receipt: lazyComponent(() => import('./features/payments/ReceiptPage'), 'ReceiptPage'),
  refund: lazyComponent(() => import('./features/info/RefundPage'), 'RefundPage'),
  requery: lazyComponent(() => import('./features/payments/RequeryPage'), 'RequeryPage'),
  reset_password: lazyComponent(() => import('./features/account/ResetPasswordPage'), 'ResetPasswordPage'),
  search: lazyComponent(() => import('./features/search/SearchPage'), 'SearchPage'),
  terms: lazyComponent(() => import('./features/info/TermsPage'), 'TermsPage'),
};

/** Not a route: where the identity API's e-mail confirmation link lands. */
const VerifyEmailPage = lazyComponent(() => import('./features/account/VerifyEmailPage'), 'VerifyEmailPage');

/** Not a route: the public page that checks the code on a receipt or digital licence. */
const VerifyPage = lazyComponent(() => import('./features/documents/VerifyPage'), 'VerifyPage');

const NotFoundPage = lazyComponent(() => import('./features/not-found/NotFoundPage'), 'NotFoundPage', {
  messages: 'core',
});

function pageRoute(name: RouteName): RouteObject {
  const Page = PAGES[name];
  return name === 'home' ? { index: true, element: <Page /> } : { path: ROUTES[name].slice(1), element: <Page /> };
}

/**
 * The shell around every page (a page that fails shows the error page inside the shell, see
 * PageErrorBoundary); anything else is the 404 page.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      ...(Object.keys(PAGES) as RouteName[]).map(pageRoute),
      { path: VERIFY_EMAIL_ROUTE.slice(1), element: <VerifyEmailPage /> },
      { path: DOCUMENT_VERIFY_ROUTE.slice(1), element: <VerifyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

/** Every route of a portal opened at an address that is no portal page: the not-found page. */
export const unknownAddressRoutes: RouteObject[] = [
  {
    path: '/',
    element: <AppShell />,
    children: [
      { index: true, element: <NotFoundPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];
