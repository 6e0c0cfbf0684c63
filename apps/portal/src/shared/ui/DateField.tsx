import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { displayFromIsoDate, isoFromDisplayDate, maskDateInput } from './date-input';

export interface DateFieldProps {
  label: string;
  /** The date as an ISO 'YYYY-MM-DD', or '' while none (or no whole date) is typed. */
  value: string;
  onChange: (iso: string) => void;
  required?: boolean;
  error?: boolean;
  helperText?: string;
}

/**
 * A date typed as DD/MM/YYYY (the slashes come by themselves), the same in every browser and locale: a
 * native date input would show MM/DD/YYYY in some. Hands on an ISO date once the typed one is whole and real.
 */
export function DateField({ label, value, onChange, required, error, helperText }: DateFieldProps) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState(() => displayFromIsoDate(value));
  const whole = typed.length === 10;
  const invalid = whole && isoFromDisplayDate(typed) === null;
  return (
    <TextField
      required={required}
      label={label}
      value={typed}
      placeholder={t('common.date_format')}
      onChange={(event) => {
        const masked = maskDateInput(event.target.value);
        setTyped(masked);
        onChange(isoFromDisplayDate(masked) ?? '');
      }}
      error={error || invalid}
      helperText={invalid ? t('validation.date_invalid') : (helperText ?? t('common.date_format'))}
      slotProps={{
        inputLabel: { shrink: true },
        htmlInput: { inputMode: 'numeric', maxLength: 10, autoComplete: 'off' },
      }}
    />
  );
}
