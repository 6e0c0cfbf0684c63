import { formatRinggit, type AssessmentSelection, type AssessmentSelectionAmountDto } from '@councilpay/domain';
import { NativeSelectField } from '../ui/NativeSelectField';
import { useTranslation } from 'react-i18next';

export interface SelectionFieldProps {
  id: string;
  selections: readonly AssessmentSelectionAmountDto[];
  value: AssessmentSelection;
  onChange: (selection: AssessmentSelection) => void;
  disabled?: boolean;
}

/** The assessment selection 1-4, each with the year it pays until and its amount. */
export function SelectionField({ id, selections, value, onChange, disabled }: SelectionFieldProps) {
  const { t } = useTranslation();
  return (
    <NativeSelectField
      id={id}
      label={t('cart.selection')}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(Number(event.target.value) as AssessmentSelection)}
      sx={{ minWidth: 260, maxWidth: '100%', alignSelf: 'flex-start' }}
      size="small"
    >
      {selections.map((option) => (
        <option key={option.selection} value={option.selection}>
          {t(`cart.selection_${option.selection}`, { year: option.paidUntilYear })} — {formatRinggit(option.amountSen)}
        </option>
      ))}
    </NativeSelectField>
  );
}
