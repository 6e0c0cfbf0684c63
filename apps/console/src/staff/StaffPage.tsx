import {
  COUNCIL_CODES,
  COUNCIL_ROLES,
  councilsWhere,
  LANGUAGES,
  type AdminStaffRow,
  type CouncilRole,
  type Language,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MuiButton from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Title, useNotify, usePermissions, useTranslate } from 'react-admin';
import type { StaffPermissions } from '../access';
import { useNotifyFailure } from '../shared/council-scope';
import { ScrollingBox } from '../shared/ScrollingBox';
import { staffApi } from './staff-api';

const when = (iso: string) => new Date(iso).toLocaleString('en-GB', { timeZone: 'Asia/Kuala_Lumpur' });

/**
 * A council's staff: invite a person by email with a role in councils the staff member administers, the
 * invitations sent (resend, revoke), and the people holding a role there (change or remove it, one council at a
 * time). `_admin` sees every council; a council admin their own. The API checks it all again and audits it.
 */
export function StaffPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const failed = useNotifyFailure();
  const queryClient = useQueryClient();
  const { permissions } = usePermissions<StaffPermissions>();
  const where = councilsWhere(permissions, 'administer');
  const managed: string[] = where === 'all' ? [...COUNCIL_CODES] : where;
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.staff.${key}`, values);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<CouncilRole>('council_officer');
  const [councils, setCouncils] = useState<string[]>([]);
  const [language, setLanguage] = useState<Language>('ms');
  const chosen = councils.length > 0 ? councils : managed.slice(0, 1);
  const staff = useQuery({ queryKey: ['staff'], queryFn: ({ signal }) => staffApi.listStaff(signal) });
  const invitations = useQuery({
    queryKey: ['invitations'],
    queryFn: ({ signal }) => staffApi.listInvitations(signal),
  });
  const act = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      notify(`console.staff.${done}`, { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['invitations'] });
      await queryClient.invalidateQueries({ queryKey: ['staff'] });
    } catch (error) {
      failed(error);
    }
  };
  const invite = () =>
    act(async () => {
      await staffApi.invite({ email: email.trim(), role, councils: chosen, language });
      setEmail('');
    }, 'invited');
  const roleName = (r: string) => translate(`console.roles.${r}`);
  return (
    <Card sx={{ mt: 2 }}>
      <Title title={t('title')} />
      <CardContent>
        <Typography variant="h6" component="h2">
          {t('invite')}
        </Typography>
        <Stack spacing={1} sx={{ mb: 3, maxWidth: 640 }}>
          <MuiTextField
            label={t('email')}
            type="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'invite-email', maxLength: 254 } }}
          />
          <MuiTextField
            select
            label={t('role')}
            value={role}
            onChange={(e) => setRole(e.target.value as CouncilRole)}
            slotProps={{ htmlInput: { 'data-testid': 'invite-role' } }}
          >
            {COUNCIL_ROLES.map((r) => (
              <MenuItem key={r} value={r}>
                {roleName(r)}
              </MenuItem>
            ))}
          </MuiTextField>
          <Box>
            <Typography variant="body2">{t('councils')}</Typography>
            {managed.map((c) => (
              <FormControlLabel
                key={c}
                label={c}
                control={
                  <Checkbox
                    checked={chosen.includes(c)}
                    onChange={(e) => setCouncils(e.target.checked ? [...chosen, c] : chosen.filter((x) => x !== c))}
                  />
                }
              />
            ))}
          </Box>
          <MuiTextField
            select
            label={t('language')}
            value={language}
            onChange={(e) => setLanguage(e.target.value as Language)}
          >
            {LANGUAGES.map((l) => (
              <MenuItem key={l} value={l}>
                {translate(`console.staff.languages.${l}`)}
              </MenuItem>
            ))}
          </MuiTextField>
          <Box>
            <MuiButton
              variant="contained"
              disabled={email.trim() === '' || chosen.length === 0}
              onClick={() => void invite()}
              data-testid="invite-send"
            >
              {t('send')}
            </MuiButton>
          </Box>
        </Stack>

        <Typography variant="h6" component="h2">
          {t('invitations')}
        </Typography>
        {invitations.isPending && <LinearProgress />}
        {invitations.error && <Alert severity="error">{translate(invitations.error.message)}</Alert>}
        {invitations.data && invitations.data.rows.length === 0 && <Typography>{t('no_invitations')}</Typography>}
        {invitations.data && invitations.data.rows.length > 0 && (
          <ScrollingBox label={t('invitations')} sx={{ mb: 3 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('email')}</TableCell>
                  <TableCell>{t('role')}</TableCell>
                  <TableCell>{t('councils')}</TableCell>
                  <TableCell>{t('state')}</TableCell>
                  <TableCell>{t('expires')}</TableCell>
                  <TableCell />
                </TableRow>
              </TableHead>
              <TableBody>
                {invitations.data.rows.map((i) => (
                  <TableRow key={i.id} data-testid="invitation-row">
                    <TableCell>{i.email}</TableCell>
                    <TableCell>{roleName(i.role)}</TableCell>
                    <TableCell>{i.councils.join(', ')}</TableCell>
                    <TableCell data-testid="invitation-state">{t(`states.${i.state}`)}</TableCell>
                    <TableCell>{when(i.expiresAt)}</TableCell>
                    <TableCell>
                      {(i.state === 'pending' || i.state === 'expired') && (
                        <Stack direction="row" spacing={1}>
                          <MuiButton size="small" onClick={() => void act(() => staffApi.resend(i.id), 'resent')}>
                            {t('resend')}
                          </MuiButton>
                          <MuiButton size="small" onClick={() => void act(() => staffApi.revoke(i.id), 'revoked')}>
                            {t('revoke')}
                          </MuiButton>
                        </Stack>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </ScrollingBox>
        )}

        <Typography variant="h6" component="h2">
          {t('members')}
        </Typography>
        {staff.isPending && <LinearProgress />}
        {staff.error && <Alert severity="error">{translate(staff.error.message)}</Alert>}
        {staff.data && (
          <ScrollingBox label={t('members')}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('email')}</TableCell>
                  <TableCell>{t('name')}</TableCell>
                  <TableCell>{t('roles')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {staff.data.map((member) => (
                  <MemberRow key={member.id} member={member} act={act} roleName={roleName} t={t} />
                ))}
              </TableBody>
            </Table>
          </ScrollingBox>
        )}
      </CardContent>
    </Card>
  );
}

function MemberRow({
  member,
  act,
  roleName,
  t,
}: {
  member: AdminStaffRow;
  act: (action: () => Promise<unknown>, done: string) => Promise<void>;
  roleName: (role: string) => string;
  t: (key: string) => string;
}) {
  return (
    <TableRow data-testid="staff-row">
      <TableCell>{member.email}</TableCell>
      <TableCell>{member.fullName}</TableCell>
      <TableCell>
        <Stack spacing={1}>
          {member.grants.map((g) => (
            <Stack key={g.council} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
              <MuiTextField
                select
                size="small"
                value={g.role}
                label={g.council}
                sx={{ minWidth: 220 }}
                onChange={(e) =>
                  void act(() => staffApi.setRole(member.id, g.council, e.target.value as CouncilRole), 'changed')
                }
              >
                {COUNCIL_ROLES.map((r) => (
                  <MenuItem key={r} value={r}>
                    {roleName(r)}
                  </MenuItem>
                ))}
              </MuiTextField>
              <MuiButton
                size="small"
                onClick={() => void act(() => staffApi.setRole(member.id, g.council, null), 'changed')}
              >
                {t('remove')}
              </MuiButton>
            </Stack>
          ))}
        </Stack>
      </TableCell>
    </TableRow>
  );
}
