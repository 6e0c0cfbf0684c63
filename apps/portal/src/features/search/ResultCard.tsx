import {
  DEFAULT_ASSESSMENT_SELECTION,
  formatRinggit,
  sumSen,
  type AssessmentSelection,
  type SearchResultDto,
} from '@councilpay/domain';
import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router-dom';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { useCouncilName } from '../../shared/public-data/useCouncilName';
import { ROUTES } from '../../shared/routing/paths';
import { FieldList } from '../../shared/ui/FieldList';
import { cartItemFromResult, selectionAmountSen, withSelection, type ChargeDetails } from '../../shared/cart/cart';
import { useCart } from '../../shared/cart/CartProvider';
import { SelectionField } from '../../shared/cart/SelectionField';
import { ChargeForm } from './charge/ChargeForm';
import { displayFields } from '../../shared/ui/result-fields';

export interface ResultCardProps {
  result: SearchResultDto;
  /** Items that belong to this bill (a licence's signboards ...): added and removed with it. */
  dependents: readonly SearchResultDto[];
}

/** One bill found by search: its display fields, what it costs, and "add to cart". */
export function ResultCard({ result, dependents }: ResultCardProps) {
  const { t } = useTranslation();
  const { showMessage } = useSnackbar();
  const cart = useCart();
  const councilName = useCouncilName();
  const titleId = useId();
  const [selection, setSelection] = useState<AssessmentSelection>(DEFAULT_ASSESSMENT_SELECTION);
  const [adding, setAdding] = useState(false);
  const [added, setAdded] = useState(false);

  const isAssessment = result.type === 'assessment' && result.selections !== null;
  const isCharge = result.type === 'local_government_charge';
  const amountSen = isAssessment
    ? selectionAmountSen(result.selections, selection)
    : sumSen([result.balanceSen, ...dependents.map((d) => d.balanceSen)]);

  const add = async (charge: { details: ChargeDetails; amountSen: number } | null = null) => {
    setAdding(true);
    try {
      const now = Date.now();
      let item = cartItemFromResult(result, now, charge);
      if (isAssessment) item = withSelection(item, selection);
      const items = [item, ...dependents.map((dependent, i) => cartItemFromResult(dependent, now + i + 1))];
      const verdict = await cart.add(items);
      if (verdict.ok) {
        setAdded(true);
        showMessage(t('search.added_to_cart', { item: result.displayNo }), 'success');
      } else {
        showMessage(t(`validation.${verdict.code}`, { item: verdict.item.displayNo }), 'error');
      }
    } catch {
      showMessage(t('errors.unknown'), 'error');
    } finally {
      setAdding(false);
    }
  };

  return (
    <Card variant="outlined" component="article" aria-labelledby={titleId} data-testid="search-result">
      <CardContent>
        <Stack spacing={2}>
          <div>
            <Typography variant="overline" color="text.secondary">
              {t(`payment_types.${result.type}`)} · {councilName(result.council)}
            </Typography>
            <Typography id={titleId} variant="h6" component="h3" sx={{ fontWeight: 600 }}>
              {result.displayNo}
            </Typography>
          </div>
          <FieldList fields={displayFields(result)} />
          {dependents.length > 0 && (
            <Stack spacing={1}>
              <Divider />
              <Typography variant="subtitle2" component="h4">
                {t('search.dependents', { count: dependents.length })}
              </Typography>
              <Stack component="ul" spacing={0.5} sx={{ m: 0, pl: 2.5 }}>
                {dependents.map((dependent) => (
                  <Typography component="li" variant="body2" key={dependent.id}>
                    {dependent.displayNo} — {String(dependent.details.natureOfBusiness ?? '')}{' '}
                    <strong>{formatRinggit(dependent.balanceSen)}</strong>
                  </Typography>
                ))}
              </Stack>
            </Stack>
          )}
          {isAssessment && result.selections && (
            <SelectionField
              id={`selection-${result.id}`}
              selections={result.selections}
              value={selection}
              onChange={setSelection}
              disabled={added}
            />
          )}
          {result.minimumPaymentSen !== null && (
            <Alert severity="info" variant="outlined">
              {t('search.minimum_payment_note', { amount: formatRinggit(result.minimumPaymentSen) })}
            </Alert>
          )}
          {!isCharge && (
            <Typography variant="h6" component="p" data-testid="result-amount">
              {t('search.amount_to_pay')}: {formatRinggit(amountSen)}
            </Typography>
          )}
          {!isCharge && amountSen <= 0 && (
            <Alert severity="info" variant="outlined">
              {t('search.nothing_to_pay')}
            </Alert>
          )}
          {isCharge && !added && (
            <ChargeForm
              details={result.details}
              adding={adding}
              onAdd={(details, chargeAmount) => void add({ details, amountSen: chargeAmount })}
            />
          )}
        </Stack>
      </CardContent>
      {(!isCharge || added) && (
        <CardActions sx={{ px: 2, pb: 2, gap: 1, flexWrap: 'wrap' }}>
          {!isCharge && (
            <Button
              variant="contained"
              startIcon={<AddShoppingCartIcon />}
              onClick={() => void add()}
              loading={adding}
              disabled={added || amountSen <= 0}
              data-testid="add-to-cart"
            >
              {added ? t('search.in_cart') : t('search.add_to_cart')}
            </Button>
          )}
          {added && (
            <Button component={RouterLink} to={ROUTES.cart} variant="outlined">
              {t('search.go_to_cart')}
            </Button>
          )}
        </CardActions>
      )}
    </Card>
  );
}
