import { isPayableType } from '@councilpay/domain';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useRecordContext, useTranslate } from 'react-admin';
import type { AdminCouncilRow as CouncilRecord } from '@councilpay/domain';

/** The payment types a council takes online, as chips with their names. */
export function PayableTypesField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<CouncilRecord>();
  const translate = useTranslate();
  if (!record) return null;
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {record.payableTypes.map((type) => (
        <Chip key={type} size="small" label={isPayableType(type) ? translate(`payment_types.${type}`) : type} />
      ))}
    </Stack>
  );
}
