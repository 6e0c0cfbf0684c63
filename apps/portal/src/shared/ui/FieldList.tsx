import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DisplayField, FieldValue } from './result-fields';

/** Translates a field value (a ready text, or a message key). */
export function useFieldValue(): (value: FieldValue) => string {
  const { t } = useTranslation();
  return (value) => ('text' in value ? value.text : t(value.key, value.values ?? {}));
}

/** A bill's display fields as a two-column definition list (one column on small screens). */
export function FieldList({ fields, dense = false }: { fields: readonly DisplayField[]; dense?: boolean }) {
  const { t } = useTranslation();
  const show = useFieldValue();
  return (
    <Box
      component="dl"
      sx={{
        m: 0,
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'minmax(140px, max-content) 1fr' },
        columnGap: 2,
        rowGap: dense ? 0.25 : 0.75,
      }}
    >
      {fields.map(({ label, value }) => (
        <Box key={label} sx={{ display: 'contents' }}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {t(`fields.${label}`)}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, mb: { xs: 0.75, sm: 0 }, overflowWrap: 'anywhere' }}>
            {show(value)}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
