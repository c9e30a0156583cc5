import { expect, test } from '@playwright/test';
import { enterIdentity, signInAdminFirstTime, startHost, type Host } from './host';

let host: Host;
test.beforeAll(async () => {
  host = await startHost();
});
test.afterAll(async () => {
  await host.close();
});

test('first sign-in forces the password change, then the new password opens Home', async ({ page }) => {
  await signInAdminFirstTime(page, host);
  await enterIdentity(page);
  await expect(page).toHaveURL(/#\/Home$/);
  await expect(page.getByTestId('greeting')).toBeVisible();
});
