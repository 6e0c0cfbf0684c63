import { COUNCIL_CODES, type CouncilDto } from '@councilpay/domain';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Title, useLocale, useNotify, usePermissions, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { isSystemAdmin, type StaffPermissions } from '../access';

/** The councils a staff member may look at: every council for `_admin`, else their own. */
export function useStaffCouncils(): string[] {
  const { permissions } = usePermissions<StaffPermissions>();
  return isSystemAdmin(permissions) ? [...COUNCIL_CODES] : (permissions?.councils ?? []);
}

/** The console's language as the API's documents take it (`?lang=`): Malay for anything else. */
export function useDocumentLanguage(): 'ms' | 'en' | 'zh' {
  const locale = useLocale();
  return locale === 'en' || locale === 'zh' ? locale : 'ms';
}

/**
 * A council screen's choices kept in the address (so a link or a reload shows the same council and day): the
 * council (the staff member's first by default) and the screen's other choices with their defaults. `set` keeps
 * every current choice and applies the changes (null removes one).
 */
export function useCouncilParams<K extends string>(
  defaults: Record<K, string>,
): {
  councils: string[];
  council: string;
  values: Record<K, string>;
  param: (key: string) => string | null;
  set: (changes: Record<string, string | null>) => void;
  /** The screen's council picker; choosing a council also clears the choices named in `clears`. */
  picker: (label: string, testId: string, clears?: readonly string[]) => CouncilPicker;
} {
  const councils = useStaffCouncils();
  const [params, setParams] = useSearchParams();
  const council = params.get('council') ?? councils[0] ?? '';
  const values = Object.fromEntries(
    (Object.keys(defaults) as K[]).map((key) => [key, params.get(key) ?? defaults[key]]),
  ) as Record<K, string>;
  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.set('council', council);
    for (const [key, value] of Object.entries(values) as [string, string][]) next.set(key, value);
    for (const [key, value] of Object.entries(changes)) {
      if (value === null) next.delete(key);
      else next.set(key, value);
    }
    setParams(next, { replace: true });
  };
  const picker = (label: string, testId: string, clears: readonly string[] = []): CouncilPicker => ({
    label,
    councils,
    value: council,
    onChange: (chosen) => set({ council: chosen, ...Object.fromEntries(clears.map((key) => [key, null])) }),
    testId,
  });
  return { councils, council, values, param: (key) => params.get(key), set, picker };
}

/**
 * Chooses one of the given councils by its name in the console's language (the code while the names load, and
 * beside the name for those who know the codes); `anyLabel` adds a first choice for every council.
 */
export function CouncilSelect({
  label,
  councils,
  value,
  onChange,
  testId,
  anyLabel,
}: {
  label: string;
  councils: readonly string[];
  value: string;
  onChange: (council: string) => void;
  testId?: string;
  anyLabel?: string;
}) {
  const language = useDocumentLanguage();
  // The public list (names are public, and every staff member may read it, whatever their role).
  const { data } = useQuery<CouncilDto[]>({
    queryKey: ['public-councils'],
    queryFn: async ({ signal }) => {
      const response = await fetch('/api/councils', { signal, headers: { Accept: 'application/json' } });
      if (!response.ok) throw new Error(`GET /api/councils: ${response.status}`);
      return (await response.json()) as CouncilDto[];
    },
    staleTime: 5 * 60_000,
  });
  const named = new Map((data ?? []).map((row) => [row.code, row.name[language] || row.name.ms]));
  return (
    <MuiTextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      sx={{ minWidth: 200, maxWidth: '100%' }}
      slotProps={testId ? { htmlInput: { 'data-testid': testId } } : undefined}
    >
      {anyLabel !== undefined && <MenuItem value="">{anyLabel}</MenuItem>}
      {councils.map((code) => {
        const name = named.get(code);
        return (
          <MenuItem key={code} value={code}>
            {name ? `${name} (${code})` : code}
          </MenuItem>
        );
      })}
    </MuiTextField>
  );
}

/** The council picker of a council screen (CouncilSelect's props). */
export type CouncilPicker = Parameters<typeof CouncilSelect>[0];

/**
 * A council screen's frame: its title (also the page's), a sentence on what it is for, a row with the council
 * picker and the screen's other choices (`filters`: days, type …), then the screen.
 */
export function CouncilScreen({
  title,
  intro,
  picker,
  filters,
  children,
}: {
  title: string;
  intro?: string;
  picker?: CouncilPicker;
  filters?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={title} />
      <CardContent>
        {intro && (
          <Typography variant="body2" sx={{ mb: 2 }}>
            {intro}
          </Typography>
        )}
        {(picker || filters) && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
            {picker && <CouncilSelect {...picker} />}
            {filters}
          </Stack>
        )}
        {children}
      </CardContent>
    </Card>
  );
}

/** Tells the staff member why an action failed: the API's answer in their language, or the generic failure. */
export function useNotifyFailure(): (error: unknown) => void {
  const notify = useNotify();
  const translate = useTranslate();
  return (error) =>
    notify(error instanceof Error ? translate(error.message, { _: error.message }) : 'ra.notification.http_error', {
      type: 'error',
    });
}
