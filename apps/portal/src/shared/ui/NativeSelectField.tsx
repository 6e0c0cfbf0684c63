import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import NativeSelect from '@mui/material/NativeSelect';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { SxProps, Theme } from '@mui/material/styles';
import { useId, type ChangeEvent, type ReactNode } from 'react';

export interface NativeSelectFieldProps {
  label: string;
  value: string | number;
  onChange: (event: ChangeEvent<HTMLSelectElement>) => void;
  /** `<option>` elements. */
  children: ReactNode;
  id?: string;
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  size?: 'small' | 'medium';
  testId?: string;
  sx?: SxProps<Theme>;
}

/**
 * A select as an outlined text field, built on the browser's own `<select>`: a phone opens its native picker,
 * and the page does not carry MUI's menu, popover and modal code (`TextField select` imports them even when
 * told to be native).
 */
export function NativeSelectField({
  label,
  value,
  onChange,
  children,
  id,
  required,
  disabled,
  error,
  helperText,
  size,
  testId,
  sx,
}: NativeSelectFieldProps) {
  const generatedId = useId();
  const selectId = id ?? generatedId;
  const helperId = `${selectId}-helper`;
  return (
    <FormControl required={required} disabled={disabled} error={error} size={size} sx={sx}>
      <InputLabel shrink htmlFor={selectId}>
        {label}
      </InputLabel>
      <NativeSelect
        value={value}
        onChange={onChange}
        input={<OutlinedInput notched label={required ? `${label} *` : label} />}
        inputProps={{
          id: selectId,
          'aria-describedby': helperText ? helperId : undefined,
          ...(testId ? { 'data-testid': testId } : {}),
        }}
      >
        {children}
      </NativeSelect>
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
