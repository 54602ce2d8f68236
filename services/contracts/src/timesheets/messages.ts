import { COMMENT_MAX_LENGTH } from '../kernel/constants';

/** User-facing timesheet messages (contractor spec §5 and §8; admin spec §4), shared by API and web. */
export const timesheetMessages = {
  mustHaveValue: (field: string) => `${field} must have a value`,
  mustBeGreaterThanZero: (field: string) => `${field} must be greater than 0`,
  mustBeNumber: (field: string) => `${field} must be a number`,
  mustBeWholeNumber: (field: string) => `${field} must be a whole number`,
  inStepsOf: (field: string, step: string) => `${field} must be in steps of ${step}`,
  atMostHoursPerDay: (field: string, max: number) => `${field} must be at most ${max}`,
  projectRequired: 'Project must have a value',
  subProjectRequired: 'Sub Project must have a value',
  fillInYourHours: 'Please fill in your hours',
  commentPlaceholder: 'Activity Comment (Required)',
  commentTooLong: `Activity Comment must be at most ${COMMENT_MAX_LENGTH} characters`,
  dateOutsideWindow: (first: string, last: string) => `Date must be between ${first} and ${last}`,
  notWithinCurrentWeek: 'The selected date is not within the current week.',
  lateEntryWarning:
    'This date is before the Monday of the current week. If you proceed, an email will be sent to the admins.',
  saved: 'Timesheet has been saved!',
  updated: 'Timesheet has been updated!',
  deleted: 'Timesheet has been deleted!',
  saveFailed: 'Failed to save timesheet record, please try later.',
  updateFailed: 'Failed to update timesheet record, please try later.',
  notEditable: (project: string) => `${project} is not editable`,
  unknownProject: (projectId: number) => `Project ${projectId} does not exist`,
  historyAfterToday: (today: string) => `History ends today (${today}): a later day is not imported.`,
  historyPersonUnknown: (staffId: number) => `No one the portal knows has staff ID ${staffId}.`,
  historyProjectOutsidePersonScope: (projectId: number) =>
    `Project ${projectId} is not one this person may bill (it belongs to another owner).`,
  historyRecordedOtherwise:
    'This day of this person, project and activity was imported before with other hours: correct it in the review instead.',
  projectNotBillable: 'You are not on the roster of this project.',
  projectInactive: 'This project is not active.',
  subProjectInvalid: 'Choose an active project other than the umbrella project.',
  subProjectNotAllowed: 'Only the umbrella project has sub-projects.',
  overtimeNotAllowed: 'Overtime Hours are not allowed for this project',
  duplicateDate: 'Each day can be chosen only once',
  noDaysChosen: 'Choose at least one day',
  endBeforeStart: 'End must not be before Start',
  approvedEntry: 'This timesheet entry is approved and can no longer be changed.',
  staleVersion: 'This timesheet entry was changed in the meantime. Reload it and try again.',
  entryNotFound: 'Timesheet entry not found.',
  notYourEntry: 'You can only change your own timesheet entries.',
  recordsNotFound: 'Records not found',
  emptyActivity: '(empty)',
  approvedLabel: 'Approved',
  verifiedLabel: 'Verified',
} as const;

/** Field labels used in the messages above. */
export const timesheetFieldLabels = {
  projectId: 'Project',
  subProjectId: 'Sub Project',
  date: 'Date',
  hours: 'Hours',
  overtimeHours: 'Overtime Hours',
  comment: 'Activity Comment',
  start: 'Start',
  end: 'End',
  version: 'Version',
  confirmLate: 'Confirm late entry',
  month: 'Month',
} as const;
