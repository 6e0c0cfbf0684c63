import { formatRinggit } from '@councilpay/domain';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../shared/ui/DateField';
import type { ChargeDetails } from '../../../shared/cart/cart';
import { chargeRateSen, checkChargeForm, EMPTY_CHARGE_FORM, type ChargeFormValues } from './charge-form';

export interface ChargeFormProps {
  details: Record<string, unknown>;
  onAdd: (charge: ChargeDetails, amountSen: number) => void;
  adding: boolean;
}

/**
 * The local government charge form: all fields required; the days come from the dates and
 * the amount = people x days (at the charge's rate). The filled form becomes a cart item like any other.
 */
export function ChargeForm({ details, onAdd, adding }: ChargeFormProps) {
  const { t } = useTranslation();
  const [values, setValues] = useState<ChargeFormValues>(EMPTY_CHARGE_FORM);
  const [submitted, setSubmitted] = useState(false);
  const state = checkChargeForm(values, chargeRateSen(details));
  const errorOf = (field: keyof ChargeFormValues) => {
    const error = state.errors[field];
    // The dates' order is said at once; missing fields only after a first attempt.
    if (!error || (!submitted && error !== 'end_before_start')) return undefined;
    return error === 'field_required' ? t('validation.field_required') : t(`charge.${error}`);
  };
  const set = (field: keyof ChargeFormValues) => (event: { target: { value: string } }) =>
    setValues((previous) => ({ ...previous, [field]: event.target.value }));

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSubmitted(true);
    if (state.charge) onAdd(state.charge, state.amountSen);
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} aria-label={t('charge.form_title')}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {t('charge.form_title')}
      </Typography>
      <TextField
        required
        label={t('fields.customer_name')}
        value={values.customerName}
        onChange={set('customerName')}
        error={Boolean(errorOf('customerName'))}
        helperText={errorOf('customerName')}
        slotProps={{ htmlInput: { maxLength: 100 } }}
      />
      <TextField
        required
        label={t('fields.total_no_of_people')}
        value={values.totalNoOfPeople}
        onChange={set('totalNoOfPeople')}
        error={Boolean(errorOf('totalNoOfPeople'))}
        helperText={errorOf('totalNoOfPeople')}
        slotProps={{ htmlInput: { inputMode: 'numeric', pattern: '[0-9]*' } }}
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <DateField
          required
          label={t('fields.start_date')}
          value={values.startDate}
          onChange={(iso) => setValues((previous) => ({ ...previous, startDate: iso }))}
          error={Boolean(errorOf('startDate'))}
          helperText={errorOf('startDate')}
        />
        <DateField
          required
          label={t('fields.end_date')}
          value={values.endDate}
          onChange={(iso) => setValues((previous) => ({ ...previous, endDate: iso }))}
          error={Boolean(errorOf('endDate'))}
          helperText={errorOf('endDate')}
        />
      </Stack>
      <Stack direction="row" spacing={4} aria-live="polite">
        <Typography>
          {t('fields.total_no_of_days')}: <strong data-testid="charge-days">{state.days ?? '-'}</strong>
        </Typography>
        <Typography>
          {t('common.amount')}: <strong data-testid="charge-amount">{formatRinggit(state.amountSen)}</strong>
        </Typography>
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('charge.amount_rule', { rate: formatRinggit(chargeRateSen(details)) })}
      </Typography>
      <div>
        <Button type="submit" variant="contained" startIcon={<AddShoppingCartIcon />} loading={adding}>
          {t('search.add_to_cart')}
        </Button>
      </div>
    </Stack>
  );
}
