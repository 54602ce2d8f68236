import type { Locator } from '@playwright/test';
import { importMessages } from '@portal/contracts';
import { expect, expectNoAxeViolations, test } from './support/test';
import { addDays, choose, monthOf, openAs, PEOPLE, signInInstead, firmToday } from './support/portal';
import { readDownloadedWorkbook } from './support/workbook';

/** The vendors' exports cover the two months before the run's month. */
const EARLIER = monthOf(firmToday(), -2);
const LATER = monthOf(firmToday(), -1);
/** A day as the Azure export writes it: MM/DD/YYYY. */
const usDate = (date: string) => `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`;

// An Azure Cost Management cost details export (EA headings), cut to the columns that matter and a few rows.
const AZURE_CSV = [
  'InvoiceSectionName,Date,MeterCategory,ResourceGroup,CostInBillingCurrency,BillingCurrency',
  `Main,${usDate(`${EARLIER}-03`)},Virtual Machines,rg-app,12.3456789,USD`,
  `Main,${usDate(`${EARLIER}-17`)},Virtual Machines,rg-app,7.6543211,USD`,
  `Main,${usDate(`${EARLIER}-20`)},Storage,rg-data,0.1,USD`,
  `Main,${usDate(`${LATER}-02`)},Storage,rg-data,0.2,USD`,
  `Main,${usDate(`${LATER}-09`)},Azure App Service,rg-web,1234.50,USD`,
].join('\r\n');

// A Microsoft 365 admin center "active user detail" export (Reports > Usage > Active users), cut to a
// few columns and rows: Ada (E3 and Power BI Pro, active), Bo (E3, never active), Cy (no licence,
// active on Teams) and a deleted user, whom the report leaves out.
// Refreshed on the last day of last month; Ada active the day before, Cy 29 days before.
const REPORT_DATE = addDays(`${monthOf(firmToday())}-01`, -1);
const OFFICE_CSV = [
  'Report Refresh Date,User Principal Name,Display Name,Is Deleted,Exchange Last Activity Date,Teams Last Activity Date,Assigned Products',
  `${REPORT_DATE},ada@firm.example,Ada,False,${addDays(REPORT_DATE, -1)},,Microsoft 365 E3+Power BI Pro`,
  `${REPORT_DATE},bo@firm.example,Bo,False,,,Microsoft 365 E3`,
  `${REPORT_DATE},cy@firm.example,Cy,False,,${addDays(REPORT_DATE, -29)},`,
  `${REPORT_DATE},old@firm.example,Old,True,,,Microsoft 365 E3`,
].join('\r\n');
/** A file that is neither export. */
const BUDGET_CSV = `Date,Amount,Project\n${EARLIER}-01,3,Alpha\n`;

/** The table row of one month and service. */
const row = (table: Locator, month: string, service: string) =>
  table.getByRole('row').filter({ hasText: month }).filter({ hasText: service });

const csv = (name: string, text: string) => ({ name, mimeType: 'text/csv', buffer: Buffer.from(text) });

test.describe('analytics imports and skills', () => {
  test('an admin uploads an Azure cost export and sees the figures; a wrong file is refused beside the field', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/azureCost');
    await expect(page.getByRole('heading', { name: 'Azure Cost', level: 1 })).toBeVisible();
    await expect(page.getByText('No export uploaded yet.')).toBeVisible();
    // A working page of the portal's own, not a Power BI report: no 'coming soon' beside it.
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    for (const name of ['Azure Cost', 'Office 365', 'Skills Matrix']) {
      await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    }
    await expectNoAxeViolations(page, 'azure cost, empty');

    const field = page.getByLabel('Upload an Azure cost export (CSV)');
    await field.setInputFiles(csv('budget.csv', BUDGET_CSV));
    await expect(
      page.getByText(
        importMessages.notAzure([
          'ServiceName (or MeterCategory)',
          'CostInBillingCurrency (or Cost)',
          'BillingCurrency (or Currency)',
        ]),
      ),
    ).toBeVisible();
    await expect(page.getByText('No export uploaded yet.')).toBeVisible();

    await field.setInputFiles(csv('cost-details.csv', AZURE_CSV));
    // 12.3456789 + 7.6543211 + 0.1 + 0.2 + 1234.50, summed in decimal.
    await expect(page.getByText('Total USD 1254.8')).toBeVisible();
    const table = page.getByRole('grid', { name: 'Azure cost by service and month' });
    await expect(row(table, EARLIER, 'Virtual Machines')).toContainText('20');
    await expect(row(table, LATER, 'Azure App Service')).toContainText('1234.5');
    await expect(
      page.getByRole('grid', { name: 'Past Azure cost uploads' }).getByText('cost-details.csv'),
    ).toBeVisible();
    await expectNoAxeViolations(page, 'azure cost, with figures');

    // A filter goes into the URL, and the table and the export show the same.
    const filters = page.getByRole('region', { name: 'Filters' });
    await choose(filters, page, 'Service', 'Storage');
    await expect(page).toHaveURL(/service=Storage/);
    await expect(page.getByText('Total USD 0.3')).toBeVisible();
    await expect(table.getByRole('row').filter({ hasText: 'Virtual Machines' })).toHaveCount(0);
    const download = page.waitForEvent('download');
    await filters.getByRole('button', { name: 'Export to Excel' }).click();
    const workbook = await readDownloadedWorkbook(await download);
    expect(workbook.name).toBe('AzureCost.xlsx');
    expect(workbook.rows).toContainEqual(['Service', 'Storage', null, null]);
    expect(workbook.rows).toContainEqual([EARLIER, 'Storage', 'USD', 0.1]);
    expect(workbook.rows.filter((r) => r[1] === 'Virtual Machines')).toEqual([]);

    // The shared link opens the same view.
    await page.goto('/admin/azureCost?service=Storage');
    await expect(page.getByText('Total USD 0.3')).toBeVisible();
  });

  test('an admin uploads a Microsoft 365 users export and sees licences and active users; a wrong file is refused beside the field', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.alice, '/admin/office365');
    await expect(page.getByRole('heading', { name: 'Office 365', level: 1 })).toBeVisible();
    await expect(page.getByText('No export uploaded yet.')).toBeVisible();

    // The Azure cost export is not a users export: refused, naming the missing columns.
    const field = page.getByLabel('Upload a Microsoft 365 users export (CSV)');
    const notUsersExport = page.getByText(
      importMessages.notOffice365(['User Principal Name', 'Display Name', 'Assigned Products (or Licenses)']),
    );
    await field.setInputFiles(csv('cost-details.csv', AZURE_CSV));
    await expect(notUsersExport).toBeVisible();
    await expect(page.getByText('No export uploaded yet.')).toBeVisible();

    await field.setInputFiles(csv('active-user-detail.csv', OFFICE_CSV));
    await expect(page.getByRole('heading', { name: `Licences on ${REPORT_DATE}`, level: 2 })).toBeVisible();
    const figure = (term: string) =>
      page
        .locator('.analytics-figures > div')
        .filter({ has: page.getByRole('term').getByText(term, { exact: true }) })
        .getByRole('definition');
    await expect(notUsersExport).toHaveCount(0);
    await expect(figure('Users')).toHaveText('3');
    await expect(figure('Licensed users')).toHaveText('2');
    await expect(figure('Active users')).toHaveText('2');
    const licences = page.getByRole('grid', { name: 'Licences assigned' });
    await expect(licences.getByRole('row').filter({ hasText: 'Microsoft 365 E3' })).toContainText('2');
    await expect(licences.getByRole('row').filter({ hasText: 'Power BI Pro' })).toContainText('1');
    await expect(licences.getByRole('row').filter({ hasText: /Microsoft 365 E3|Power BI Pro/ })).toHaveCount(
      2,
    );
    const uploads = page.getByRole('grid', { name: 'Past Office 365 uploads' });
    await expect(uploads.getByRole('row').filter({ hasText: 'active-user-detail.csv' })).toContainText(
      REPORT_DATE,
    );
    await expectNoAxeViolations(page, 'office 365, with figures');

    // A wrong file once figures are shown: refused the same way, the figures stay.
    await field.setInputFiles(csv('budget.csv', BUDGET_CSV));
    await expect(notUsersExport).toBeVisible();
    await expect(figure('Users')).toHaveText('3');
    await expect(uploads.getByRole('row').filter({ hasText: /\.csv/ })).toHaveCount(1);
  });

  test('a person rates a skill on their profile and the admin sees it in the skills matrix', async ({
    page,
  }) => {
    await openAs(page, PEOPLE.carlos, '/profile');
    const section = page.getByRole('region', { name: 'My skills' });
    await expect(section.getByText('You have not rated any skill yet.')).toBeVisible();
    const add = section.getByRole('group', { name: 'Add a skill' });
    await add.getByRole('button', { name: 'Add skill' }).click();
    await expect(add.getByText('Skill must have a value')).toBeVisible();
    await choose(add, page, 'Choose a skill', 'Python');
    await choose(add, page, 'Choose a level', '4 – Advanced');
    await add.getByRole('button', { name: 'Add skill' }).click();
    await expect(section.getByRole('button', { name: /Python level/ })).toContainText('4 – Advanced');
    await expectNoAxeViolations(page, 'profile with skills');

    await signInInstead(page, PEOPLE.alice);
    await page.goto('/admin/skillsMatrix?skill=python&minLevel=4');
    const matrix = page.getByRole('grid', { name: 'Skills matrix' });
    await expect(
      matrix.getByRole('row').filter({ hasText: 'Carlos Contractor' }).getByRole('gridcell').last(),
    ).toHaveText('4');
    await expectNoAxeViolations(page, 'skills matrix');
    await page.goto('/admin/skillsMatrix?skill=python&minLevel=5');
    await expect(page.getByText('Nobody matches these filters yet')).toBeVisible();
  });
});
