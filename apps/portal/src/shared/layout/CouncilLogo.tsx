import Box from '@mui/material/Box';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTitleCouncil } from '../public-data/TitleCouncil';
import { useCouncilTitle } from '../public-data/useCouncilTitle';

/** CouncilPay's own mark: a council hall in the portal's colours (used when a council has no logo). */
export function DefaultLogo({ size, label }: { size: number; label: string }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" role="img" aria-label={label} focusable="false">
      <rect width="64" height="64" rx="14" fill="#0d47a1" />
      <path d="M14 27 32 15l18 12v3H14z" fill="#fff" />
      <path d="M18 32h5v14h-5zm10.5 0h7v14h-7zM41 32h5v14h-5z" fill="#ffca28" />
      <rect x="14" y="48" width="36" height="4" rx="1" fill="#fff" />
    </svg>
  );
}

/** The title council's logo (from the API), or the CouncilPay mark when it has none or it fails to load. */
export function CouncilLogo({ size }: { size: number }) {
  const { t } = useTranslation();
  const council = useTitleCouncil();
  const { title } = useCouncilTitle();
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const url = council?.logoUrl ?? null;

  if (!url || url === failedUrl) return <DefaultLogo size={size} label={t('shell.default_logo')} />;
  return (
    <Box
      component="img"
      src={url}
      alt={t('shell.council_logo', { council: title })}
      width={size}
      height={size}
      onError={() => setFailedUrl(url)}
      data-testid="council-logo"
      sx={{ objectFit: 'contain', display: 'block' }}
    />
  );
}
