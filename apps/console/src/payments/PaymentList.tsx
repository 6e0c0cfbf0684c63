import { CARD_METHODS, FPX_BANKS, PAYMENT_STATES, type AdminPaymentRow, type CardMethodCode } from '@councilpay/domain';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  AutocompleteInput,
  DataTable,
  DateInput,
  List,
  NullableBooleanInput,
  ReferenceInput,
  SearchInput,
  SelectArrayInput,
  SelectInput,
  SimpleList,
  TextInput,
  useTranslate,
} from 'react-admin';
import { formatDateTime, formatRinggit } from '@councilpay/domain';
import { ChipsField, DateTimeField, LateField, MethodField, MoneyField, PaymentStatusField } from '../shared/fields';
import { PaymentListActions } from './ExportCsvButton';
import { PaymentTotals } from './PaymentTotals';
import { StatusTabs } from './StatusTabs';

function useFilters() {
  const translate = useTranslate();
  return [
    <SearchInput key="q" source="q" alwaysOn placeholder={translate('console.search_payments')} />,
    <ReferenceInput
      key="council"
      source="council"
      reference="councils"
      alwaysOn
      sort={{ field: 'code', order: 'ASC' }}
      perPage={50}
    >
      <SelectInput optionText="code" label="resources.payments.fields.council" />
    </ReferenceInput>,
    <DateInput key="from" source="from" alwaysOn />,
    <DateInput key="to" source="to" alwaysOn />,
    <DateInput key="paidFrom" source="paidFrom" />,
    <DateInput key="paidTo" source="paidTo" />,
    <SelectArrayInput
      key="status"
      source="status"
      alwaysOn
      choices={PAYMENT_STATES.map((id) => ({ id, name: translate(`payment_states.${id}`) }))}
    />,
    <SelectInput
      key="method"
      source="method"
      choices={[
        { id: 'fpx', name: translate('console.method_fpx') },
        { id: 'card', name: translate('console.method_card') },
      ]}
    />,
    <AutocompleteInput
      key="bank"
      source="bank"
      choices={[
        ...FPX_BANKS.map((bank) => ({ id: bank.id, name: bank.name })),
        ...(Object.keys(CARD_METHODS) as CardMethodCode[]).map((code) => ({
          id: code,
          name: `${translate('console.method_card')} · ${translate(`checkout.card_${CARD_METHODS[code]}`)}`,
        })),
      ]}
    />,
    <TextInput key="reference" source="reference" />,
    <TextInput key="invoiceNo" source="invoiceNo" />,
    <TextInput key="payerEmail" source="payerEmail" />,
    <TextInput key="payerPhone" source="payerPhone" />,
    <TextInput key="accountNo" source="accountNo" />,
    <NullableBooleanInput key="late" source="late" />,
    <NullableBooleanInput key="refundDue" source="refundDue" />,
  ];
}

/**
 * Every payment the staff member may see, newest first, filtered and sorted by the API, with one search box
 * (reference, invoice, payer's name, email, phone, account number) and a tab per status with its count. Never
 * counted whole: beyond 10,000 matches the pages say only whether another follows.
 */
export function PaymentList() {
  const isSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return (
    <List<AdminPaymentRow>
      filters={useFilters()}
      sort={{ field: 'createdAt', order: 'DESC' }}
      perPage={25}
      exporter={false}
      actions={<PaymentListActions />}
    >
      <StatusTabs />
      {isSmall ? (
        <SimpleList<AdminPaymentRow>
          primaryText={(p) => p.reference}
          secondaryText={(p) => `${formatDateTime(new Date(p.createdAt))} · ${p.councils.join(', ')} · ${p.payerName}`}
          tertiaryText={(p) => (
            <>
              {formatRinggit(p.amountSen)} <PaymentStatusField record={p} source="status" />
            </>
          )}
          linkType="show"
        />
      ) : (
        <DataTable<AdminPaymentRow> rowClick="show" bulkActionButtons={false}>
          <DataTable.Col source="reference" />
          {/* Beside the reference, so a narrow screen shows it before the table scrolls. */}
          <DataTable.Col source="status">
            <PaymentStatusField source="status" />
            <LateField />
          </DataTable.Col>
          <DataTable.Col source="createdAt" field={DateTimeField} />
          <DataTable.Col source="councils" disableSort field={ChipsField} />
          <DataTable.Col source="payerName" disableSort />
          <DataTable.Col source="method" field={MethodField} />
          <DataTable.Col source="amountSen" field={MoneyField} align="right" />
          <DataTable.Col source="shareSen" disableSort field={MoneyField} align="right" />
          <DataTable.Col source="refundedSen" disableSort field={MoneyField} align="right" />
        </DataTable>
      )}
      <PaymentTotals />
    </List>
  );
}
