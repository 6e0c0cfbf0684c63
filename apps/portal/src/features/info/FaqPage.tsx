import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { PageScaffold } from '../../shared/ui/PageScaffold';

/** The four FAQ facts (how and what to pay). Shown open (not folded) so every answer is readable at once. */
const QUESTIONS = ['account_cost', 'guest', 'status', 'cancel'] as const;

export function FaqPage() {
  const { t } = useTranslation();
  return (
    <PageScaffold page="faq">
      <Stack spacing={2} component="dl" sx={{ m: 0 }}>
        {QUESTIONS.map((question) => (
          <Paper key={question} variant="outlined" sx={{ p: 3 }}>
            <Typography component="dt" variant="h6" gutterBottom>
              {t(`faq.${question}_question`)}
            </Typography>
            <Typography component="dd" sx={{ m: 0 }} color="text.secondary">
              {t(`faq.${question}_answer`)}
            </Typography>
          </Paper>
        ))}
      </Stack>
    </PageScaffold>
  );
}
