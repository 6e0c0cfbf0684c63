import { expect, test } from '@playwright/test';
import { seriousViolations } from '../../../tools/e2e-axe';
import { paidPayment, signIn, sinkMessages, STAFF } from './support';

/** Today in Malaysia (UTC+8) as YYYY-MM-DD. */
const malaysiaToday = () => new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);

/** An instant as the console and the portal show it: DD/MM/YYYY HH:mm, Malaysian time. */
function shown(iso: string): string {
  const t = new Date(Date.parse(iso) + 8 * 3_600_000).toISOString();
  return `${t.slice(8, 10)}/${t.slice(5, 7)}/${t.slice(0, 4)} ${t.slice(11, 16)}`;
}

test.describe('a refund a finance office trusts', () => {
  test('an officer records a refund above the limit through the confirmation step, a second officer approves it, the payer is told, and the payment page still says when it was paid', async ({
    page,
    browser,
  }) => {
    // Two officers, two sessions, the worker's relay and the portal: more than one test's minute on a loaded machine.
    test.setTimeout(240_000);
    // RM 1,500.00: above the approval limit of RM 1,000.00.
    const payment = await paidPayment(page.request, 'mdpg', 'siti.refund.e2e@example.my', 150_000);
    const paid = (await (await page.request.get(`/api/payments/${payment.reference}`)).json()) as { paidAt: string };

    // The council's officer records it.
    await signIn(page, STAFF.mdpgAdmin);
    await page.goto(`/console/#/payments/${payment.reference}/show`);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    await page.getByRole('button', { name: 'Record refund' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record a refund' });
    await expect(dialog.getByTestId('refund-item')).toHaveCount(1);
    await expect(dialog).toContainText('Left to refund: RM 1,500.00');
    // Checked before anything is sent: an amount, a date within the payment's life, a reason.
    await dialog.getByTestId('refund-continue').click();
    await expect(dialog).toContainText('Enter an amount for at least one item.');
    await expect(dialog).toContainText('Enter the day the money was given back.');
    await expect(dialog).toContainText('Say why the money was given back.');
    await dialog.getByLabel(/^Refund date/).fill('2099-01-01');
    await expect(dialog).toContainText('The refund date cannot be later than today.');
    await dialog.getByLabel(/^Refund date/).fill('2000-01-01');
    await expect(dialog).toContainText('The refund date cannot be before the day the payment was paid.');
    expect(await seriousViolations(page), 'refund form').toEqual([]);

    // Everything left, in one action; the bill's credit reversed.
    await dialog.getByTestId('refund-everything').click();
    await expect(dialog.getByLabel(/^Amount \(RM\)/)).toHaveValue('1,500.00');
    await dialog.getByLabel(/Reverse the bill's credit/).check();
    await dialog.getByLabel(/^Refund date/).fill(malaysiaToday());
    await dialog.getByLabel(/^Reason/).fill('Bayaran berganda di kaunter; dipulangkan melalui pindahan bank');
    await dialog.getByLabel(/^Bank transfer reference/).fill('IBG-E2E-1500');
    await dialog.getByTestId('refund-continue').click();

    // The confirmation step: the payment, the item, the amount, what happens to the bill, and the approval.
    const confirmation = page.getByRole('dialog', { name: 'Confirm the refund' });
    await expect(confirmation).toContainText(payment.reference);
    await expect(confirmation).toContainText(shown(paid.paidAt));
    await expect(confirmation.getByTestId('refund-confirm-item')).toHaveCount(1);
    await expect(confirmation.getByTestId('refund-confirm-item')).toContainText('Reversed: RM 1,500.00');
    await expect(confirmation.getByTestId('refund-confirm-balance')).toHaveText('RM 0.00 → RM 1,500.00');
    await expect(confirmation.getByTestId('refund-confirm-total')).toHaveText('RM 1,500.00');
    await expect(confirmation.getByTestId('refund-needs-approval')).toContainText(
      'more than RM 1,000.00: a second officer must approve this one',
    );
    expect(await seriousViolations(page), 'refund confirmation').toEqual([]);
    await confirmation.getByRole('button', { name: 'Record for approval' }).click();
    await expect(
      page.getByText('Refund of RM 1,500.00 recorded: it awaits a second officer’s approval.'),
    ).toBeVisible();

    // Awaiting: it counts for nothing yet; its recorder may withdraw it, never approve it.
    const refund = page.getByTestId('refund');
    await expect(refund).toHaveAttribute('data-state', 'awaiting_approval');
    await expect(refund.getByTestId('refund-state')).toHaveText('Awaiting approval');
    await expect(refund.getByTestId('refund-decline')).toBeVisible();
    await expect(refund.getByTestId('refund-approve')).toHaveCount(0);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'paid');
    expect(await sinkMessages(payment.reference, 'refund_made')).toEqual([]);

    // A second officer approves it.
    const officer = await browser.newContext();
    const second = await officer.newPage();
    await signIn(second, STAFF.admin);
    await second.goto(`/console/#/payments/${payment.reference}/show`);
    const waiting = second.getByTestId('refund');
    await expect(waiting).toHaveAttribute('data-state', 'awaiting_approval');
    await waiting.getByTestId('refund-approve').click();
    const approve = second.getByRole('dialog', { name: 'Approve this refund' });
    await expect(approve).toContainText(`Approve the refund of RM 1,500.00 recorded by ${STAFF.mdpgAdmin}?`);
    expect(await seriousViolations(second), 'approval').toEqual([]);
    await approve.getByTestId('refund-approve-confirm').click();
    await expect(second.getByText('Refund of RM 1,500.00 approved and made.')).toBeVisible();
    // The notice goes by itself; what it covers is measured without it.
    await expect(second.getByText('Refund of RM 1,500.00 approved and made.')).toBeHidden();
    await expect(second.getByTestId('refund')).toHaveAttribute('data-state', 'made');
    await expect(second.getByTestId('refund')).toContainText(STAFF.admin);
    // All of it was given back: refunded; the time it was paid is still there.
    await expect(second.getByTestId('payment-status')).toHaveAttribute('data-status', 'refunded');
    await expect(second.getByTestId('payment-paid-at')).toHaveText(shown(paid.paidAt));
    await expect(second.getByTestId('payment-audit')).toContainText('Refund approved');
    expect(await seriousViolations(second), 'payment after approval').toEqual([]);
    await officer.close();

    // The payer is told, by email and SMS, through the outbox and the worker: in the development sink.
    await expect
      .poll(async () => (await sinkMessages(payment.reference, 'refund_made')).length, { timeout: 60_000 })
      .toBe(2);
    const [email, sms] = await sinkMessages(payment.reference, 'refund_made');
    expect(email).toMatchObject({ channel: 'email', recipient: 'siti.refund.e2e@example.my' });
    expect(email.subject).toBe(`Refund made: ${payment.reference}`);
    expect(email.body).toContain('Your whole payment of RM 1,500.00 has been refunded to you.');
    expect(sms.channel).toBe('sms');
    expect(sms.body).toContain(`RM 1,500.00 refunded to you for payment ${payment.reference}`);

    // The payment's page in the portal: refunded in full, and still when it was paid.
    await page.addInitScript(() => window.localStorage.setItem('language', 'en'));
    await page.goto(`/#/receipt?reference=${payment.reference}`);
    await expect(page.getByTestId('payment-status')).toHaveAttribute('data-status', 'refunded');
    await expect(page.getByTestId('refund-note')).toHaveText('All of this payment was refunded to you: RM 1,500.00.');
    await expect(page.getByText(shown(paid.paidAt))).toBeVisible();
    await expect(page.getByText('RM 1,500.00 (in full)')).toBeVisible();
    expect(await seriousViolations(page), 'portal payment page').toEqual([]);
  });
});
