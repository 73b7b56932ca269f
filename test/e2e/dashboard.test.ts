import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '../../src/services/notify/outbox.js';
import { generateInvoicePdf } from '../fixtures/documents/index.js';
import { sqliteDatabase, type TestDatabase } from '../helpers/databases.js';
import { startHarness, type Harness } from '../helpers/harness.js';
import { startReceiver, verifyWithStripe, type Receiver } from '../helpers/webhook-receiver.js';
import { SCREENSHOTS_DIR, browserTestsRun, buildDashboard, launchBrowser } from './browser.js';

/** The dashboard in a real browser, against the real service (API, database, readers): a person
 * signs up, signs in with the WhatsApp code from the development outbox, uploads by drag and drop,
 * sees the field regions, corrects a field, approves, makes and revokes an API key, and sets up
 * webhooks whose deliveries it then shows. */
describe.skipIf(!browserTestsRun)('the dashboard in headless Chromium', () => {
  let db: TestDatabase;
  let h: Harness;
  let browser: Awaited<ReturnType<typeof launchBrowser>>;
  let context: BrowserContext;
  let page: Page;
  let base: string;
  let receiver: Receiver;
  const email = 'reviewer@dashboard.test';
  const password = 'a long enough password';
  const phone = '+97450001234';

  beforeAll(async () => {
    await buildDashboard();
    db = sqliteDatabase();
    // Loopback receivers are allowed here only because the test's receiver runs on 127.0.0.1.
    h = await startHarness(db, { env: { WEBHOOK_ALLOW_HTTP_LOOPBACK: 'true' } });
    receiver = await startReceiver();
    await h.app.listen({ host: '127.0.0.1', port: 0 });
    base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
    browser = await launchBrowser();
    context = browser.context;
    page = await context.newPage();
    page.setDefaultTimeout(20_000);
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
    await h?.close();
    await receiver?.close();
    await db?.cleanup();
  });

  const messages = async (channel: 'email' | 'whatsapp', to: string) => (await readOutbox(h.rt.config.outboxDir, to)).filter((m) => m.channel === channel);
  /** Runs what sends a message, then waits for that new message in the development outbox. */
  const sent = async (channel: 'email' | 'whatsapp', to: string, action: () => Promise<void>) => {
    const before = (await messages(channel, to)).length;
    await action();
    await expect.poll(async () => (await messages(channel, to)).length, { timeout: 15_000 }).toBeGreaterThan(before);
    return (await messages(channel, to)).at(-1)!;
  };
  const shot = (name: string, p: Page = page) => p.screenshot({ path: join(SCREENSHOTS_DIR, `${name}.png`), fullPage: true });
  const api = (path: string, headers: Record<string, string>) => fetch(`${base}${path}`, { headers });

  it('signs up, verifies the email from the link, and verifies the phone with a WhatsApp code', async () => {
    await page.goto(`${base}/app/signup`);
    await page.getByLabel('Organisation').fill('Dashboard Test Org');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel(/^Password/).fill(password);
    const mail = await sent('email', email, () => page.getByRole('button', { name: 'Create account' }).click());
    await page.getByRole('heading', { name: 'Check your email' }).waitFor();

    const link = mail.text!.match(/\/app\/verify-email\?token=\S+/)![0];
    await page.goto(`${base}${link}`);
    await page.getByText('Your email address is verified.').waitFor();

    await page.getByRole('link', { name: 'Continue to sign in' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('Verify your phone to create API keys.').waitFor();

    await page.getByRole('link', { name: 'Account' }).first().click();
    await page.getByLabel(/^Phone number/).fill(phone);
    const code = await sent('whatsapp', phone, () => page.getByRole('button', { name: 'Send WhatsApp code' }).click());
    await page.getByLabel('Code', { exact: true }).fill(code.code!);
    await page.getByRole('button', { name: 'Verify phone' }).click();
    await page.getByText('Your phone number is verified.').waitFor();
    await expect.poll(() => page.locator('.facts').textContent()).toContain(`${phone} — verified`);
  }, 120_000);

  it('signs out, and signs in again with the code from the dev outbox; a reload keeps the session through the refresh cookie', async () => {
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await shot('sign-in');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    const code = await sent('whatsapp', phone, () => page.getByRole('button', { name: 'Sign in' }).click());
    await page.getByRole('heading', { name: 'Enter your WhatsApp code' }).waitFor();
    await page.getByLabel('Code', { exact: true }).fill(code.code!);
    await shot('sign-in-code');
    await page.getByRole('button', { name: 'Verify code' }).click();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();

    // Nothing secret in web storage; the refresh token only in an HttpOnly, SameSite=Strict cookie on its path.
    expect(await page.evaluate('localStorage.length + sessionStorage.length')).toBe(0);
    const cookies = await context.cookies(base);
    expect(cookies.map((c) => c.name)).toEqual([]);
    const all = await context.cookies(`${base}/v1/auth/session/refresh`);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ name: 'docread_refresh', httpOnly: true, sameSite: 'Strict', path: '/v1/auth/session' });
    expect(await page.evaluate('document.cookie')).toBe('');

    await page.reload();
    await page.getByRole('heading', { name: 'Documents' }).waitFor();
    await expect.poll(() => page.locator('.who').textContent()).toContain('Dashboard Test Org');
  }, 120_000);

  it('edits the policy, uploads by drag and drop, shows the regions, approves with a correction and the decision changes', async () => {
    await page.getByRole('link', { name: 'Policy' }).click();
    const types = page.getByLabel(/^Per document type/);
    const policy = JSON.parse(await types.inputValue()) as Record<string, { required_fields: string[] }>;
    // Vendors placed by layout alone are acceptable here, so the arithmetic is what a person checks.
    policy.invoice!.required_fields = ['invoice_number', 'invoice_date', 'total'];
    await types.fill(JSON.stringify(policy, null, 2));
    await page.getByRole('button', { name: 'Save policy' }).click();
    await page.getByText('Saved as version 2.').waitFor();
    await shot('policy');

    await page.getByRole('link', { name: 'Documents' }).click();
    const pdf = (await generateInvoicePdf({ seed: 2, inconsistent: true })).bytes;
    // A real drop event carrying the file, as a person's drag from the desktop makes (page code, hence a string).
    const dataTransfer = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob('${pdf.toString('base64')}'), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], 'invoice-2.pdf', { type: 'application/pdf' }));
      return dt;
    })()`);
    await page.dispatchEvent('[data-testid=dropzone]', 'drop', { dataTransfer });
    await page.getByText('Uploaded; reading has started.').waitFor();
    expect(await page.getByLabel('Upload progress').getAttribute('value')).toBe('1');
    const row = page.locator('tr', { hasText: 'invoice-2.pdf' });
    // Live status: the list polls until reading ends.
    // Generous: one OCR reading, on a machine that may be busy.
    await row.getByText('Needs review').waitFor({ timeout: 300_000 });
    await shot('documents');

    // A batch: the same invoice again (identical bytes: cached, no engine run) and a file that is no document.
    const batch = await page.evaluateHandle(`(() => {
      const dt = new DataTransfer();
      const bytes = Uint8Array.from(atob('${pdf.toString('base64')}'), (c) => c.charCodeAt(0));
      dt.items.add(new File([bytes], 'invoice-2-again.pdf', { type: 'application/pdf' }));
      dt.items.add(new File(['just some words'], 'notes.txt', { type: 'text/plain' }));
      return dt;
    })()`);
    await page.dispatchEvent('[data-testid=dropzone]', 'drop', { dataTransfer: batch });
    await page.getByText('Refused notes.txt: not a PNG, JPG, PDF or Word file').waitFor();
    await page.locator('tr', { hasText: 'invoice-2-again.pdf' }).getByText('Needs review').waitFor({ timeout: 60_000 });
    await page.getByLabel('Search (file name or id)').fill('again');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect.poll(() => page.locator('table.docs tbody tr').count()).toBe(1);
    await page.getByLabel('Search (file name or id)').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await page.getByLabel('Status').selectOption('verified');
    await page.getByText('No documents match.').waitFor();
    await page.getByLabel('Status').selectOption('');

    await row.getByRole('link', { name: 'invoice-2.pdf' }).click();
    await page.getByRole('heading', { name: 'Why a person must look' }).waitFor();
    await page.locator('.page-frame img').first().waitFor();
    await expect.poll(() => page.locator('.region').count()).toBeGreaterThan(2);
    const box = await page.locator('.region[data-field="subtotal"]').boundingBox();
    expect(box!.width).toBeGreaterThan(5);
    expect(await page.getByTestId('doc-status').textContent()).toBe('Needs review');
    await expect.poll(() => page.locator('.reasons').textContent()).toMatch(/arithmetic|subtotal|total/i);
    await shot('document-review');

    await page.locator('input[name="subtotal"]').fill('14794.62');
    await page.getByLabel('Note (optional)').fill('checked against the order');
    await page.getByRole('button', { name: 'Approve with corrections' }).click();
    await page.getByText('Approved: the document is verified.').waitFor();
    await expect.poll(() => page.getByTestId('doc-status').textContent()).toBe('Verified');
    await expect.poll(() => page.locator('.history').textContent()).toMatch(/approve: review → verified, corrected subtotal/);
    await shot('document-approved');

    // The cached twin from the batch is in review too: a person rejects it with a reason.
    await page.getByRole('link', { name: '← Documents' }).click();
    await page.locator('tr', { hasText: 'invoice-2-again.pdf' }).getByRole('link').click();
    await page.getByLabel('Reason for rejecting').fill('sent twice');
    await page.getByRole('button', { name: 'Reject' }).click();
    await expect.poll(() => page.getByTestId('doc-status').textContent()).toBe('Rejected');
    await expect.poll(() => page.locator('.history').textContent()).toMatch(/reject: review → rejected — “sent twice”/);
    await page.getByRole('link', { name: '← Documents' }).click();
    await page.locator('tr', { hasText: 'invoice-2.pdf' }).getByRole('link').click();
    await page.getByTestId('doc-status').waitFor();

    const phonePage = await context.newPage();
    await phonePage.setViewportSize({ width: 390, height: 844 });
    await phonePage.goto(page.url());
    await phonePage.getByTestId('doc-status').waitFor();
    await phonePage.locator('.region').first().waitFor();
    await shot('document-phone', phonePage);
    await phonePage.close();
  }, 480_000);

  it('creates an API key shown once, which works until it is revoked', async () => {
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('ci key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    expect(key).toMatch(/^mk_live_/);
    expect((await api('/v1/documents', { 'x-doc-api-key': key })).status).toBe(200);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await shot('keys');
    expect(await page.content()).not.toContain(key);

    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Revoke ci key' }).click();
    await page.getByText('Key “ci key” revoked.').waitFor();
    await expect.poll(() => page.locator('table.keys tr', { hasText: 'ci key' }).textContent()).toContain('revoked');
    expect((await api('/v1/documents', { 'x-doc-api-key': key })).status).toBe(401);

    await page.getByLabel('Name').fill('leaky key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const leaky = (await page.getByTestId('new-key').textContent())!;
    page.once('dialog', (d) => void d.accept());
    await page.getByRole('button', { name: 'Disable leaky key as leaked' }).click();
    // The row's own "Disable (leaked)" button says "leaked" before the change lands: wait for the page's notice.
    await page.getByText('Key “leaky key” disabled as leaked.').waitFor();
    await expect.poll(() => page.locator('table.keys tr', { hasText: 'leaky key' }).textContent()).toContain('leaked');
    expect((await api('/v1/documents', { 'x-doc-api-key': leaky })).status).toBe(401);

    await page.getByRole('link', { name: 'Usage' }).click();
    await page.getByText(/documents this month/).waitFor();
    await shot('usage');
  }, 120_000);

  it('sets the dashboard webhook and shows its secret once, lists a signed delivery, and adds, rotates and deletes an endpoint', async () => {
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.locator('input[name="dashboard-webhook-url"]').fill(`${receiver.url}/dashboard`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('The dashboard webhook is set.').waitFor();
    await page.getByRole('button', { name: 'Show signing secret' }).click();
    const secret = (await page.getByTestId('webhook-secret').textContent())!;
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    expect(await page.content()).not.toContain(secret);

    // A /v1 upload with a key made here: its document.processed reaches the receiver, signed with that secret.
    await page.getByRole('link', { name: 'API keys' }).click();
    await page.getByLabel('Name').fill('hook key');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = (await page.getByTestId('new-key').textContent())!;
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const form = new FormData();
    form.append('file', new Blob([(await generateInvoicePdf({ seed: 14 })).bytes], { type: 'application/pdf' }), 'hooked.pdf');
    const uploaded = await fetch(`${base}/v1/documents/upload`, { method: 'POST', headers: { 'x-doc-api-key': key }, body: form });
    expect(uploaded.status).toBe(202);
    const [hit] = await receiver.waitFor(1, 300_000);
    expect(JSON.parse(hit!.rawBody)).toMatchObject({ event: 'document.processed', data: { document_id: ((await uploaded.json()) as { id: string }).id } });
    verifyWithStripe(hit!, String(hit!.headers['x-service-signature']), secret);

    await page.getByRole('link', { name: 'Webhooks' }).click();
    const delivery = page.locator('table.deliveries tbody tr', { hasText: 'document.processed' });
    await expect.poll(() => delivery.textContent(), { timeout: 30_000 }).toContain('delivered');
    await expect.poll(() => delivery.textContent()).toContain('— 200');

    await page.locator('input[name="webhook-url"]').fill(`${receiver.url}/v2`);
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const first = (await page.getByTestId('webhook-secret').textContent())!;
    expect(first).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    const endpoint = page.locator('table.keys tbody tr', { hasText: `${receiver.url}/v2` });
    await endpoint.getByRole('button', { name: 'Rotate secret' }).click();
    const rotated = (await page.getByTestId('webhook-secret').textContent())!;
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(first);
    await page.getByRole('button', { name: 'I have copied it' }).click();
    await expect.poll(() => endpoint.textContent()).toContain('old secret valid until');
    await endpoint.getByRole('button', { name: 'Deliveries' }).click();
    await page.getByRole('heading', { name: `Deliveries of ${receiver.url}/v2` }).waitFor();
    await page.getByText('No deliveries yet.').waitFor();
    await shot('webhooks');

    page.once('dialog', (d) => void d.accept());
    await endpoint.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Endpoint deleted.').waitFor();
    await page.getByText('No endpoints yet.').waitFor();
  }, 420_000);
});
