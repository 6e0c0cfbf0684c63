import type { AdminPaymentView } from '@councilpay/domain';
import { gatewayReasonLine, resolveLanguage } from '@councilpay/i18n';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import {
  ArrayField,
  BooleanField,
  DataTable,
  Labeled,
  Show,
  TextField,
  useLocaleState,
  useRecordContext,
  useTranslate,
  WithRecord,
} from 'react-admin';
import { BillImportStamps } from '../bill-imports/BillImportStamps';
import { AuditChanges } from '../audit/AuditChanges';
import { ResendNotificationButton } from '../notifications/ResendNotificationButton';
import {
  bankOrCardName,
  ChipsField,
  DateTimeField,
  MoneyField,
  PaymentStatusField,
  TranslatedField,
} from '../shared/fields';
import { PaymentShowActions } from './PaymentActions';
import { GatewayAnswers, Refunds } from './PaymentMoney';

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  const translate = useTranslate();
  return (
    <Card variant="outlined" data-testid={testId}>
      {/* A table wider than the screen scrolls inside its card, never the page. */}
      <CardContent sx={{ overflowX: 'auto' }}>
        <Typography variant="h6" component="h2" gutterBottom>
          {translate(title)}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function Summary() {
  const payment = useRecordContext<AdminPaymentView>();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const language = resolveLanguage(locale);
  if (!payment) return null;
  return (
    <Grid container spacing={2}>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="reference">
          <TextField source="reference" data-testid="payment-reference" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="status">
          <PaymentStatusField source="status" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="amountSen">
          <MoneyField source="amountSen" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="invoiceNo">
          <TextField source="invoiceNo" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="method">
          <Typography variant="body2">
            {translate(payment.method === 'fpx' ? 'console.method_fpx' : 'console.method_card')} ·{' '}
            {bankOrCardName(translate, payment)}
          </Typography>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="councils">
          <ChipsField source="councils" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="createdAt">
          <DateTimeField source="createdAt" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="paidAt">
          <Box component="span" data-testid="payment-paid-at">
            <DateTimeField source="paidAt" />
          </Box>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="finalAt">
          <DateTimeField source="finalAt" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Labeled label="console.payer">
          <Typography variant="body2">
            {payment.payerName} · {payment.payerEmail} · {payment.payerPhone}
          </Typography>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <Labeled label="console.gateway">
          <Typography variant="body2">
            {[
              payment.gatewayTxnId,
              gatewayReasonLine(language, {
                method: payment.method,
                code: payment.gatewayCode,
                reason: payment.gatewayReason,
              }),
            ]
              .filter(Boolean)
              .join(' · ') || '—'}
          </Typography>
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="late">
          <BooleanField source="late" />
        </Labeled>
      </Grid>
      <Grid size={{ xs: 6, md: 3 }}>
        <Labeled source="refundDueSen">
          <MoneyField source="refundDueSen" />
        </Labeled>
      </Grid>
    </Grid>
  );
}

/** One payment: what it paid for, what happened to it, what the payer was told, what staff did. */
export function PaymentShow() {
  return (
    <Show<AdminPaymentView> actions={<PaymentShowActions />}>
      <Grid container spacing={2} sx={{ p: 2 }}>
        <Grid size={12}>
          <Summary />
        </Grid>
        <Grid size={12}>
          <Section title="console.items" testId="payment-items">
            <ArrayField source="items">
              <DataTable bulkActionButtons={false} rowClick={false}>
                <DataTable.Col source="council" label="resources.payments.fields.council" />
                <DataTable.Col source="type" label="resources.payments.fields.type">
                  <TranslatedField source="type" prefix="payment_types" />
                </DataTable.Col>
                <DataTable.Col source="displayNo" label="resources.payments.fields.accountNo" />
                <DataTable.Col source="amountSen" label="resources.payments.fields.amountSen">
                  <MoneyField source="amountSen" />
                </DataTable.Col>
                <DataTable.Col source="credited" label="resources.payments.fields.credited" field={BooleanField} />
                <DataTable.Col source="receiptNo" label="resources.payments.fields.receiptNo" />
              </DataTable>
            </ArrayField>
            <BillImportStamps />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="console.timeline" testId="payment-timeline">
            <ArrayField source="events">
              <DataTable bulkActionButtons={false} rowClick={false}>
                <DataTable.Col source="at" label="resources.payments.fields.at">
                  <DateTimeField source="at" />
                </DataTable.Col>
                <DataTable.Col source="type" label="resources.payments.fields.type">
                  <TranslatedField source="type" prefix="console.event_types" />
                </DataTable.Col>
                <DataTable.Col source="source" label="resources.payments.fields.source">
                  <TranslatedField source="source" prefix="console.event_sources" />
                </DataTable.Col>
                <DataTable.Col source="fromStatus" label="resources.payments.fields.fromStatus">
                  <TranslatedField source="fromStatus" prefix="payment_states" />
                </DataTable.Col>
                <DataTable.Col source="toStatus" label="resources.payments.fields.toStatus">
                  <TranslatedField source="toStatus" prefix="payment_states" />
                </DataTable.Col>
                <DataTable.Col source="reason" label="resources.payments.fields.reason" />
              </DataTable>
            </ArrayField>
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="console.gateway_answers" testId="payment-gateway-answers">
            <GatewayAnswers />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="console.refunds" testId="payment-refunds">
            <Refunds />
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="console.messages_sent" testId="payment-notifications">
            <ArrayField source="notifications">
              <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty text="console.no_messages" />}>
                <DataTable.Col source="createdAt" label="resources.notifications.fields.createdAt">
                  <DateTimeField source="createdAt" />
                </DataTable.Col>
                <DataTable.Col source="channel" label="resources.notifications.fields.channel">
                  <TranslatedField source="channel" prefix="console.channels" />
                </DataTable.Col>
                <DataTable.Col source="recipient" label="resources.notifications.fields.recipient" />
                <DataTable.Col source="status" label="resources.notifications.fields.status">
                  <TranslatedField source="status" prefix="console.notification_statuses" />
                </DataTable.Col>
                <DataTable.Col source="attempts" label="resources.notifications.fields.attempts" />
                <DataTable.Col label="console.resend">
                  <ResendNotificationButton />
                </DataTable.Col>
              </DataTable>
            </ArrayField>
          </Section>
        </Grid>
        <Grid size={12}>
          <Section title="console.staff_actions" testId="payment-audit">
            <ArrayField source="audit">
              <DataTable bulkActionButtons={false} rowClick={false} empty={<Empty text="console.no_staff_actions" />}>
                <DataTable.Col source="createdAt" label="resources.audit.fields.createdAt">
                  <DateTimeField source="createdAt" />
                </DataTable.Col>
                <DataTable.Col source="staffEmail" label="resources.audit.fields.staffEmail" />
                <DataTable.Col source="action" label="resources.audit.fields.action">
                  <TranslatedField source="action" prefix="console.audit_actions" />
                </DataTable.Col>
                <DataTable.Col label="resources.audit.fields.changes">
                  <WithRecord render={(entry) => <AuditChanges before={entry.before} after={entry.after} />} />
                </DataTable.Col>
              </DataTable>
            </ArrayField>
          </Section>
        </Grid>
      </Grid>
    </Show>
  );
}

function Empty({ text }: { text: string }) {
  const translate = useTranslate();
  return (
    <Typography variant="body2" color="text.secondary">
      {translate(text)}
    </Typography>
  );
}
