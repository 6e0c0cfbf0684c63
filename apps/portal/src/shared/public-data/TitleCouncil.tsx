import { billsCouncil, type CouncilDto } from '@councilpay/domain';
import { createContext, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { ROUTES } from '../routing/paths';
import { usePublicData } from './PublicDataProvider';

/** The pages where the payer pays the bills in the cart: titled with those bills' council. */
const PAYING_ROUTES: readonly string[] = [
  ROUTES.cart,
  ROUTES.checkout,
  ROUTES.payment_information,
  ROUTES.fpx_checkout,
  ROUTES.confirmation,
];

type PageCouncils = readonly string[] | null;

const PageCouncilsContext = createContext<{
  councils: PageCouncils;
  cartCouncils: readonly string[];
  set: (councils: PageCouncils) => void;
} | null>(null);

/**
 * Holds the councils of the bills a page shows (a receipt's) and of the bills in the cart (given by the app
 * shell, which knows the cart), for the title bar.
 */
export function TitleCouncilProvider({
  cartCouncils,
  children,
}: {
  cartCouncils: readonly string[];
  children: ReactNode;
}) {
  const [councils, set] = useState<PageCouncils>(null);
  const cartKey = cartCouncils.join(',');
  const value = useMemo(
    () => ({ councils, cartCouncils: cartKey ? cartKey.split(',') : [], set }),
    [councils, cartKey],
  );
  return <PageCouncilsContext.Provider value={value}>{children}</PageCouncilsContext.Provider>;
}

/** A page that shows a payment's bills titles the portal with their council while it is shown. */
export function useBillsCouncilTitle(councils: readonly string[] | null): void {
  const context = useContext(PageCouncilsContext);
  const set = context?.set;
  const key = councils ? councils.join(',') : null;
  useEffect(() => {
    if (!set) return;
    set(key === null ? null : key.split(','));
    return () => set(null);
  }, [set, key]);
}

/**
 * The council the portal is titled with now: the council of the bills being paid (the cart's on the paying
 * pages, a receipt's on the receipt) when they all belong to one, else the default council.
 */
export function useTitleCouncil(): CouncilDto | null {
  const { councils, defaultCouncil } = usePublicData();
  const context = useContext(PageCouncilsContext);
  const page = context?.councils ?? null;
  const { pathname } = useLocation();
  const codes = page ?? (PAYING_ROUTES.includes(pathname) ? (context?.cartCouncils ?? []) : []);
  const code = billsCouncil(codes);
  return (code && councils.find((council) => council.code === code)) || defaultCouncil;
}
