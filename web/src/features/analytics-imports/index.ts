/** The built-in analytics pages of issue 11 this feature owns (composed into the analytics frame at merge). */
export { AzureCostPage } from './azure-cost-page';
export { Office365Page } from './office365-page';
export { SkillsMatrixPage } from './skills-matrix-page';
