import {
  ACCOUNT_ID_EXAMPLES,
  DEFAULT_COUNCIL,
  PAYABLE_TYPES,
  payableTypesOf,
  PLAN_TYPES,
  type PayableType,
  type PlanType,
  type SearchResultDto,
} from '@councilpay/domain';
import SearchIcon from '@mui/icons-material/Search';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { NativeSelectField } from '../../shared/ui/NativeSelectField';
import Typography from '@mui/material/Typography';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../shared/api/client';
import { useSnackbar } from '../../shared/feedback/SnackbarProvider';
import { useLanguage } from '../../shared/i18n/useLanguage';
import { councilName } from '../../shared/public-data/council';
import { usePublicData } from '../../shared/public-data/PublicDataProvider';
import { ResultCard } from './ResultCard';
import { planTypeKey } from '../../shared/ui/result-fields';
import { searchPayables } from './search-api';
import { checkAccountNo, DEFAULT_PLAN_TYPE, searchRequest, type SearchFormError } from './search-request';

/** A found bill with the items that depend on it (the API lists the bill first, then its dependents). */
interface Found {
  result: SearchResultDto;
  dependents: SearchResultDto[];
}

function group(results: readonly SearchResultDto[]): Found[] {
  const found: Found[] = results
    .filter((result) => !results.some((other) => other.id === result.parentId))
    .map((result) => ({ result, dependents: [] }));
  for (const result of results) {
    found.find((entry) => entry.result.id === result.parentId)?.dependents.push(result);
  }
  return found;
}

/**
 * The account search by payment type, with example hints: council, payment type (and plan type for
 * engineering), the id with the type's example; the id is cleared after a result. Used by the search page
 * and the home page.
 */
export function SearchPanel({ headingLevel = 'h2' }: { headingLevel?: 'h2' | 'h3' }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { showError, showMessage } = useSnackbar();
  const { councils, defaultCouncil } = usePublicData();
  const formId = useId();
  const [chosenCouncil, setCouncil] = useState<string | null>(null);
  // Until the payer picks one: the portal's council (its address's, `/mps`, else the configured default), which
  // arrives after the first paint.
  const council = chosenCouncil ?? defaultCouncil?.code ?? DEFAULT_COUNCIL;
  const [chosenType, setType] = useState<PayableType>('assessment');
  const [planType, setPlanType] = useState<PlanType>(DEFAULT_PLAN_TYPE);
  const [accountNo, setAccountNo] = useState('');
  const [fieldError, setFieldError] = useState<SearchFormError | 'not_found' | null>(null);
  const [searching, setSearching] = useState(false);
  const [found, setFound] = useState<Found[] | null>(null);
  // Each search shows fresh result cards, even for the bill shown before.
  const [searchNo, setSearchNo] = useState(0);
  const controller = useRef<AbortController | null>(null);
  const resultsRef = useRef<HTMLDivElement | null>(null);

  useEffect(() => () => controller.current?.abort(), []);

  const selectedCouncil = councils.find((c) => c.code === council);
  // Only the types the council takes (libs/domain): market bills, for one, where it runs a market. A type
  // chosen for another council that this one does not take gives way to this council's first.
  const offeredTypes = selectedCouncil ? payableTypesOf(selectedCouncil) : [...PAYABLE_TYPES];
  const type = offeredTypes.includes(chosenType) ? chosenType : (offeredTypes[0] ?? chosenType);
  const idLabel = t(
    type === 'trading_license' || type === 'council_permit_license' ? 'search.license_no' : 'search.account_no',
  );
  const notFoundText = t('search.not_found_check', {
    field: idLabel,
    example: ACCOUNT_ID_EXAMPLES[type],
    council: selectedCouncil ? councilName(selectedCouncil, language) : council.toUpperCase(),
  });
  // Nothing found: the id field says what to check (every form of the id and, for engineering, every plan
  // type was tried), and so does the message.
  const notFound = () => {
    setFieldError('not_found');
    showMessage(notFoundText, 'error');
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const error = checkAccountNo(type, accountNo);
    setFieldError(error);
    if (error) return;
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setSearching(true);
    try {
      const results = await searchPayables(searchRequest({ council, type, planType, accountNo }), current.signal);
      if (results.length === 0) {
        notFound();
        return;
      }
      setFound(group(results));
      setSearchNo((n) => n + 1);
      setAccountNo(''); // A result clears the entered id.
      requestAnimationFrame(() => resultsRef.current?.focus());
    } catch (caught) {
      if (current.signal.aborted) return;
      setFound(null);
      if (caught instanceof ApiError && caught.status === 404) notFound();
      else showError(caught);
    } finally {
      if (!current.signal.aborted) setSearching(false);
    }
  };

  const activeCouncils = councils.filter((c) => c.active);
  return (
    <Stack spacing={3}>
      <Box
        component="form"
        id={formId}
        noValidate
        onSubmit={(event: FormEvent<HTMLFormElement>) => void submit(event)}
        aria-label={t('search.form_label')}
        data-testid="search-form"
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: '1fr', md: type === 'engineering' ? 'repeat(2, 1fr)' : 'repeat(3, 1fr)' },
          alignItems: 'start',
        }}
      >
        <NativeSelectField
          label={t('search.council')}
          value={council}
          onChange={(event) => {
            setCouncil(event.target.value);
            if (fieldError === 'not_found') setFieldError(null);
          }}
          testId="search-council"
        >
          {activeCouncils.length ? (
            activeCouncils.map((option) => (
              <option key={option.code} value={option.code}>
                {councilName(option, language)}
              </option>
            ))
          ) : (
            <option value={council}>{council.toUpperCase()}</option>
          )}
        </NativeSelectField>
        <NativeSelectField
          label={t('search.payment_type')}
          value={type}
          onChange={(event) => {
            setType(event.target.value as PayableType);
            setFieldError(null);
          }}
          testId="search-type"
        >
          {offeredTypes.map((option) => (
            <option key={option} value={option}>
              {t(`payment_types.${option}`)}
            </option>
          ))}
        </NativeSelectField>
        {type === 'engineering' && (
          <NativeSelectField
            label={t('search.plan_type')}
            value={planType}
            onChange={(event) => setPlanType(event.target.value as PlanType)}
            testId="search-plan-type"
          >
            {PLAN_TYPES.map((option) => (
              <option key={option} value={option}>
                {t(`plan_types.${planTypeKey(option)}`)}
              </option>
            ))}
          </NativeSelectField>
        )}
        <TextField
          required
          label={idLabel}
          value={accountNo}
          onChange={(event) => {
            setAccountNo(event.target.value);
            if (fieldError === 'not_found') setFieldError(null);
          }}
          error={fieldError !== null}
          helperText={
            fieldError === 'invalid_account_no'
              ? t('errors.invalid_account_no')
              : fieldError === 'not_found'
                ? notFoundText
                : fieldError
                  ? t('validation.field_required')
                  : t('search.example', { example: ACCOUNT_ID_EXAMPLES[type] })
          }
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 60, spellCheck: false, 'data-testid': 'search-account-no' } }}
        />
        <Box sx={{ gridColumn: '1 / -1', display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="submit" variant="contained" size="large" startIcon={<SearchIcon />} loading={searching}>
            {t('search.search_button')}
          </Button>
        </Box>
      </Box>

      <Box ref={resultsRef} tabIndex={-1} aria-live="polite" sx={{ outline: 'none' }} data-testid="search-results">
        {found && (
          <Stack spacing={2}>
            <Typography variant="h6" component={headingLevel}>
              {t('search.results_title', { count: found.length })}
            </Typography>
            {found.map(({ result, dependents }) => (
              <ResultCard key={`${searchNo}:${result.id}`} result={result} dependents={dependents} />
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
