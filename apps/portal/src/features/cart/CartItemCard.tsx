import { formatAmount, formatRinggit, tryParseRinggit, type AssessmentSelection } from '@councilpay/domain';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { FieldList } from '../../shared/ui/FieldList';
import { displayDate, displayFields, type DisplayField } from '../../shared/ui/result-fields';
import { checkCartItemAmount, takesPartPayment, withSelection, type CartItem } from '../../shared/cart/cart';
import { SelectionField } from '../../shared/cart/SelectionField';

export interface CartItemCardProps {
  item: CartItem;
  /** True for an item that belongs to another (shown indented under it). */
  dependent: boolean;
  hasDependents: boolean;
  onChange: (item: CartItem) => void;
  onRemove: (item: CartItem) => void;
}

function chargeFields(item: CartItem): DisplayField[] {
  if (!item.charge) return [];
  return [
    { label: 'customer_name', value: { text: item.charge.customerName } },
    { label: 'total_no_of_people', value: { text: String(item.charge.totalNoOfPeople) } },
    { label: 'start_date', value: { text: displayDate(item.charge.startDate) } },
    { label: 'end_date', value: { text: displayDate(item.charge.endDate) } },
    { label: 'total_no_of_days', value: { text: String(item.charge.totalNoOfDays) } },
  ];
}

/**
 * One bill in the cart: its fields, what is paid for it (the assessment selection, or an amount of at
 * least the minimum payment) and remove. Items of RM 0.00 or less stay listed and are skipped at payment.
 */
export function CartItemCard({ item, dependent, hasDependents, onChange, onRemove }: CartItemCardProps) {
  const { t } = useTranslation();
  const councilName = useCouncilName();
  const titleId = useId();
  const amountId = useId();
  const [typed, setTyped] = useState(formatAmount(item.amountSen).replace(/,/g, ''));
  const [unreadable, setUnreadable] = useState(false);
  const verdict = checkCartItemAmount(item);

  const changeAmount = (text: string) => {
    setTyped(text);
    const amountSen = tryParseRinggit(text);
    setUnreadable(amountSen === null);
    if (amountSen !== null) onChange({ ...item, amountSen });
  };

  const amountError = unreadable
    ? t('cart.amount_format')
    : verdict.ok
      ? null
      : verdict.code === 'below_minimum_payment'
        ? t('validation.below_minimum_payment')
        : t(`validation.${verdict.code}`);

  return (
    <Card
      variant="outlined"
      component="li"
      aria-labelledby={titleId}
      data-testid="cart-item"
      sx={{ ml: dependent ? { xs: 2, sm: 5 } : 0, listStyle: 'none' }}
    >
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography variant="overline" color="text.secondary">
              {t(`payment_types.${item.type}`)} · {councilName(item.council)}
            </Typography>
            <Typography id={titleId} variant="h6" component="h2" sx={{ fontWeight: 600 }}>
              {item.displayNo}
            </Typography>
          </Box>
          <Tooltip title={hasDependents ? t('cart.remove_with_dependents') : t('cart.remove')}>
            <IconButton
              aria-label={t('cart.remove_item', { item: item.displayNo })}
              onClick={() => onRemove(item)}
              data-testid="cart-remove"
            >
              <DeleteIcon />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack spacing={2} sx={{ mt: 1 }}>
          <FieldList dense fields={[...displayFields(item), ...chargeFields(item)]} />
          {item.selection !== null && item.selections && (
            <SelectionField
              id={`cart-selection-${item.id}`}
              selections={item.selections}
              value={item.selection}
              onChange={(selection: AssessmentSelection) => onChange(withSelection(item, selection))}
            />
          )}
          {takesPartPayment(item) && (
            <TextField
              id={amountId}
              label={t('cart.amount_to_pay')}
              value={typed}
              onChange={(event) => changeAmount(event.target.value)}
              error={amountError !== null}
              helperText={
                amountError ??
                t('cart.part_payment_hint', {
                  minimum: formatRinggit(Math.min(item.minimumPaymentSen ?? 0, item.balanceSen)),
                  balance: formatRinggit(item.balanceSen),
                })
              }
              size="small"
              sx={{ maxWidth: 320 }}
              slotProps={{
                input: { startAdornment: <InputAdornment position="start">RM</InputAdornment> },
                htmlInput: { inputMode: 'decimal', 'data-testid': 'cart-amount' },
              }}
            />
          )}
          {item.amountSen <= 0 ? (
            <Alert severity="info" variant="outlined">
              {t('cart.skipped_note')}
            </Alert>
          ) : (
            <Typography sx={{ fontWeight: 600 }} data-testid="cart-item-amount">
              {t('cart.amount_to_pay')}: {formatRinggit(item.amountSen)}
            </Typography>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
