import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import PaymentIcon from '@mui/icons-material/Payment';
import SearchIcon from '@mui/icons-material/Search';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const STEPS = [
  { key: 'search', icon: <SearchIcon /> },
  { key: 'cart', icon: <AddShoppingCartIcon /> },
  { key: 'pay', icon: <PaymentIcon /> },
] as const satisfies ReadonlyArray<{ key: string; icon: ReactNode }>;

/** The home page's three-step explanation: search your account, add to cart, pay by FPX or card. */
export function HowItWorks() {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-labelledby="steps-title">
      <Typography id="steps-title" variant="h5" component="h2" gutterBottom sx={{ fontWeight: 600 }}>
        {t('home.steps_title')}
      </Typography>
      <Box
        component="ol"
        sx={{
          listStyle: 'none',
          p: 0,
          m: 0,
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' },
        }}
      >
        {STEPS.map(({ key, icon }, index) => (
          <Card component="li" key={key} variant="outlined" sx={{ height: '100%' }}>
            <CardContent>
              <Stack direction="row" spacing={2} sx={{ mb: 1.5, alignItems: 'center' }}>
                <Avatar sx={{ bgcolor: 'primary.main' }} aria-hidden>
                  {icon}
                </Avatar>
                <Typography variant="h6" component="h3">
                  <Box component="span" sx={{ color: 'text.secondary', mr: 1 }}>
                    {index + 1}.
                  </Box>
                  {t(`home.step_${key}_title`)}
                </Typography>
              </Stack>
              <Typography color="text.secondary">{t(`home.step_${key}_text`)}</Typography>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
