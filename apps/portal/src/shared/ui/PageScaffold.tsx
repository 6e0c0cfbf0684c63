import type { Catalogue } from '@councilpay/i18n';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { usePageTitle } from './usePageTitle';

export type PageName = keyof Catalogue['pages'];

/**
 * A page's heading (h1) and introduction from `pages.<page>` (or from `pages.<heading>` where what the page
 * shows changes its name: a receipt page whose payment failed is no receipt), then its content.
 */
export function PageScaffold({
  page,
  heading,
  children,
}: {
  page: PageName;
  heading?: PageName;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  const named = heading ?? page;
  const title = t(`pages.${named}.title`);
  usePageTitle(title);
  return (
    <Stack spacing={3} component="article" aria-labelledby="page-title" data-testid={`page-${page}`}>
      <Stack spacing={1}>
        <Typography id="page-title" variant="h4" component="h1" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
        <Typography color="text.secondary">{t(`pages.${named}.text`)}</Typography>
      </Stack>
      {children}
    </Stack>
  );
}

/** A page whose real content comes with a later feature: for now its heading and introduction. */
export function PlaceholderPage({ page }: { page: PageName }) {
  return <PageScaffold page={page} />;
}
