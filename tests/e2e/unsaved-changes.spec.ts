import { expect, test, type Locator, type Page } from '@playwright/test';
import { Route } from '../../src/shared/routes';
import { hostForSpecFile, signInAdmin, startHost, tabPane } from './host';

/**
 * Typed changes are never dropped without asking: a form's way back, the tab's cross, close others,
 * close all, a switch of system or role and a change of language all ask first, and keep the form
 * when the answer is no.
 */
test.describe.configure({ mode: 'serial' });

const host = hostForSpecFile(startHost);
const ADD_PATH = '/menuManage/null';
const TYPED = '未保存的菜单';

const form = (page: Page) => tabPane(page, ADD_PATH).getByTestId('menu-form');
const tabOf = (page: Page, path: string) => page.locator(`[data-testid="tab"][data-path="${path}"]`);

/** Opens the menu list and its add form, and types a name without saving. */
async function typeIntoNewMenu(page: Page): Promise<Locator> {
  await page.getByTestId('top-menu').getByRole('button', { name: '系统管理' }).click();
  await page.getByTestId('side-menu').getByRole('button', { name: '菜单管理' }).click();
  await tabPane(page, Route.menu).getByTestId('page-header').getByRole('button', { name: '新增' }).click();
  await form(page).getByTestId('field-name').fill(TYPED);
  return form(page);
}

/** Expects the discard question, red, and answers it. */
async function answerDiscard(page: Page, agree: boolean): Promise<void> {
  const dialog = page.getByTestId('confirm-dialog');
  await expect(dialog).toContainText('未保存的修改');
  await expect(dialog.getByTestId('confirm-dialog-ok')).toHaveAttribute('data-destructive', 'true');
  await dialog.getByTestId(agree ? 'confirm-dialog-ok' : 'confirm-dialog-cancel').click();
  await expect(dialog).toHaveCount(0);
}

async function expectFormKept(page: Page): Promise<void> {
  await expect(form(page).getByTestId('field-name')).toHaveValue(TYPED);
  await expect(tabOf(page, ADD_PATH)).toHaveCount(1);
}

test('the way back, the tab cross, close others and close all ask, and keep the form on no', async ({ page }) => {
  await signInAdmin(page, host);
  const menuForm = await typeIntoNewMenu(page);

  await menuForm.getByTestId('menu-back').click();
  await answerDiscard(page, false);
  await expectFormKept(page);

  await tabOf(page, ADD_PATH).getByTestId('tab-close').click();
  await answerDiscard(page, false);
  await expectFormKept(page);

  // Close others, from the list's tab: the form is one of the others.
  await tabOf(page, Route.menu).getByRole('tab').click();
  await page.getByTestId('tab-actions').click();
  await page.getByTestId('tabs-close-others').click();
  await answerDiscard(page, false);
  await expectFormKept(page);

  await page.getByTestId('tab-actions').click();
  await page.getByTestId('tabs-close-all').click();
  await answerDiscard(page, false);
  await expectFormKept(page);

  // Yes drops it.
  await page.getByTestId('tab-actions').click();
  await page.getByTestId('tabs-close-all').click();
  await answerDiscard(page, true);
  await expect(page.getByTestId('tab')).toHaveCount(0);

  // Without typed changes nothing is asked.
  await typeIntoNewMenu(page);
  await form(page).getByTestId('field-name').fill('');
  await tabOf(page, ADD_PATH).getByTestId('tab-close').click();
  await expect(tabOf(page, ADD_PATH)).toHaveCount(0);
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
});

test('a switch of system or role asks, and keeps the form on no', async ({ page }) => {
  await signInAdmin(page, host);
  await typeIntoNewMenu(page);
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-switch-identity').click();
  const identity = page.getByTestId('identity-dialog');
  await identity.getByRole('radio', { name: /物流运营系统/ }).check();
  await identity.getByTestId('identity-enter').click();
  await answerDiscard(page, false);
  // Back to the form, in the system and role it was typed in.
  await expect(identity).toBeHidden();
  await expect(page.getByTestId('home-shell').getByRole('heading', { name: '后台管理系统', level: 1 })).toBeVisible();
  await expectFormKept(page);

  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-switch-identity').click();
  await identity.getByRole('radio', { name: /物流运营系统/ }).check();
  await identity.getByTestId('identity-enter').click();
  await answerDiscard(page, true);
  await expect(page.getByTestId('home-shell').getByRole('heading', { name: '物流运营系统', level: 1 })).toBeVisible();
  await expect(page.getByTestId('tab')).toHaveCount(0);
});

test('a change of language asks, and keeps the form and the language on no', async ({ page }) => {
  await signInAdmin(page, host);
  await typeIntoNewMenu(page);
  const chooseEnglish = async () => {
    await page.getByTestId('user-menu').click();
    await page.getByTestId('menu-language').click();
    await page.getByTestId('language-en_US').click();
  };
  await chooseEnglish();
  await answerDiscard(page, false);
  await expectFormKept(page);
  await expect(page.getByTestId('tab-actions')).toHaveAttribute('aria-label', '标签操作');

  await chooseEnglish();
  await answerDiscard(page, true);
  await expect(page.getByTestId('tab')).toHaveCount(0);
  await expect(page.getByTestId('tab-actions')).toHaveAttribute('aria-label', 'Tab actions');

  // Back to Chinese for whoever uses this host next; nothing typed, nothing asked.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('menu-language').click();
  await page.getByTestId('language-zh_CN').click();
  await expect(page.getByTestId('tab-actions')).toHaveAttribute('aria-label', '标签操作');
  await expect(page.getByTestId('confirm-dialog')).toHaveCount(0);
});
