import {
  formatRinggit,
  malaysiaDay,
  type CollectionFileReproduction,
  type CollectionFileRow,
} from '@councilpay/domain';
import Alert from '@mui/material/Alert';
import MuiButton from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import MuiTextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { useMay } from '../access';
import type { ConsoleDataProvider } from '../dataProvider';
import { CouncilScreen, useCouncilParams, useNotifyFailure } from '../shared/council-scope';
import { ScrollingBox } from '../shared/ScrollingBox';

const dmy = (day: string) => day.split('-').reverse().join('/');

/**
 * A council's daily collection files: per day, the CSV and JSON Lines files as kept (download), their lines,
 * totals and SHA-256, and "produce again", which makes the day once more and says whether it is byte for byte
 * the kept file (a due day with no file yet is made and kept then).
 */
export function CollectionFilesPage() {
  const translate = useTranslate();
  const dataProvider = useDataProvider<ConsoleDataProvider>();
  const notify = useNotify();
  const notifyFailure = useNotifyFailure();
  const queryClient = useQueryClient();
  const {
    council,
    values: { from, to },
    set,
    picker,
  } = useCouncilParams({ from: malaysiaDay(-14), to: malaysiaDay(-1) });
  const [results, setResults] = useState<Record<string, CollectionFileReproduction[]>>({});
  const mayReproduce = useMay('collection-files', 'reproduce', council);
  const t = (key: string, values?: Record<string, unknown>) => translate(`console.collection_files.${key}`, values);
  const files = useQuery<CollectionFileRow[], Error>({
    queryKey: ['collection-files', council, from, to],
    queryFn: ({ signal }) => dataProvider.listCollectionFiles({ council, from, to }, signal),
    enabled: council !== '',
  });
  const reproduce = async (day: string) => {
    try {
      const answer = await dataProvider.reproduceCollectionFile(council, day);
      setResults((r) => ({ ...r, [day]: answer }));
      if (answer.some((a) => a.keptNow)) notify('console.collection_files.kept_now', { type: 'success' });
      await queryClient.invalidateQueries({ queryKey: ['collection-files', council] });
    } catch (error) {
      notifyFailure(error);
    }
  };
  const days = [...new Set((files.data ?? []).map((f) => f.day))];
  const download = (f: CollectionFileRow) =>
    `/api/admin/collection-files/${encodeURIComponent(f.council)}/${f.day}/${f.format}`;
  return (
    <CouncilScreen
      title={t('title')}
      intro={t('intro')}
      picker={picker(t('council'), 'collection-council')}
      filters={
        <>
          {(['from', 'to'] as const).map((key) => (
            <MuiTextField
              key={key}
              type="date"
              label={t(key)}
              value={key === 'from' ? from : to}
              onChange={(e) => e.target.value && set({ [key]: e.target.value })}
              slotProps={{ inputLabel: { shrink: true }, htmlInput: { 'data-testid': `collection-${key}` } }}
            />
          ))}
        </>
      }
    >
      {files.isPending && council !== '' && <LinearProgress />}
      {files.error && <Alert severity="error">{translate(files.error.message, { _: files.error.message })}</Alert>}
      {files.data && days.length === 0 && <Typography color="text.secondary">{t('none')}</Typography>}
      {days.length > 0 && (
        <ScrollingBox label={t('title')}>
          <Table size="small" data-testid="collection-files">
            <TableHead>
              <TableRow>
                {['day', 'format', 'lines', 'credited', 'refunds', 'sha256', ''].map((k) => (
                  <TableCell key={k}>{k ? t(k) : ''}</TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {days.flatMap((day) => {
                const ofDay = files.data!.filter((f) => f.day === day);
                const result = results[day];
                return [
                  ...ofDay.map((f, n) => (
                    <TableRow key={f.id} data-day={day} data-format={f.format}>
                      <TableCell>{n === 0 ? dmy(day) : ''}</TableCell>
                      <TableCell>
                        <MuiButton size="small" href={download(f)} download>
                          {t('download')} {f.format.toUpperCase()}
                        </MuiButton>
                      </TableCell>
                      <TableCell>{f.lineCount}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRinggit(f.creditedSen)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatRinggit(f.refundsSen)}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace', fontSize: '0.75rem', wordBreak: 'break-all' }}>
                        {f.sha256}
                      </TableCell>
                      <TableCell>
                        {n === 0 && mayReproduce && (
                          <MuiButton size="small" variant="outlined" onClick={() => void reproduce(day)}>
                            {t('reproduce')}
                          </MuiButton>
                        )}
                      </TableCell>
                    </TableRow>
                  )),
                  ...(result
                    ? [
                        <TableRow key={`${day}-result`}>
                          <TableCell colSpan={7}>
                            <Alert
                              severity={result.every((r) => r.identical) ? 'success' : 'warning'}
                              data-testid={`collection-reproduced-${day}`}
                            >
                              {t(result.every((r) => r.identical) ? 'identical' : 'different')}
                            </Alert>
                          </TableCell>
                        </TableRow>,
                      ]
                    : []),
                ];
              })}
            </TableBody>
          </Table>
        </ScrollingBox>
      )}
    </CouncilScreen>
  );
}
