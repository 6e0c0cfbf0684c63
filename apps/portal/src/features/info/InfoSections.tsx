import type { Catalogue } from '@councilpay/i18n';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type InfoKey = keyof Catalogue['info'];
/** The name of a section whose title and text are `info.<name>_title` and `info.<name>_text`. */
type SectionOf<Key> = Key extends `${infer Name}_title` ? Name : never;
export type InfoSection = SectionOf<InfoKey>;

/** An information page's sections, each a heading and a paragraph from the catalogue. */
export function InfoSections({ sections }: { sections: readonly InfoSection[] }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      {sections.map((section) => (
        <Paper key={section} variant="outlined" component="section" sx={{ p: 3 }} aria-labelledby={`info-${section}`}>
          <Typography id={`info-${section}`} variant="h6" component="h2" gutterBottom>
            {t(`info.${section}_title`)}
          </Typography>
          <Typography color="text.secondary">{t(`info.${section}_text`)}</Typography>
        </Paper>
      ))}
    </Stack>
  );
}
