import {
  VEHICLE_CODE_LISTS,
  VEHICLE_FIELD_LABELS as LABEL,
  vehicleRequestSchema,
  type CodeListEntry,
  type VehicleOptions,
  type VehicleRequest,
  type VehicleView,
} from '@portal/contracts';
import { useDraft } from '../../../lib/form-draft';
import { fieldErrorsOf, zodProblems } from '../../../lib/form-errors';
import { ComboBox } from '../../../ui/combo-box';
import { SensitiveField } from '../../../ui/sensitive-field';
import { TextField } from '../../../ui/text-field';
import { showRefusedFields, showSendFailure } from '../../../ui/form-feedback';
import { CodeListField } from './code-list-field';
import { CheckedForm } from '../../../ui/checked-form';
import { FormActions } from '../../../ui/form-actions';

/** The form's values: text as typed, the pickers' ids (null: nothing chosen). */
export interface VehicleDraft {
  readonly year: string;
  readonly make: string;
  readonly model: string;
  readonly vin: string;
  readonly projectId: number | null;
  readonly issuedTo: number | null;
  readonly registryExpireDate: string;
  readonly plateNumber: string;
  /** A licence number typed: '' keeps the stored one, null clears it (it is sensitive: never loaded). */
  readonly driveLicense: string | null;
  readonly insuranceCompany: string;
  readonly financialInstitution: string;
  readonly easyTagNumber: string;
  readonly gasCardNumber: string;
  readonly comment: string;
}

export const EMPTY_VEHICLE: VehicleDraft = {
  year: '',
  make: '',
  model: '',
  vin: '',
  projectId: null,
  issuedTo: null,
  registryExpireDate: '',
  plateNumber: '',
  driveLicense: '',
  insuranceCompany: '',
  financialInstitution: '',
  easyTagNumber: '',
  gasCardNumber: '',
  comment: '',
};

export function draftOf(v: VehicleView): VehicleDraft {
  return {
    year: v.year,
    make: v.make,
    model: v.model ?? '',
    vin: v.vin ?? '',
    projectId: v.projectId,
    issuedTo: v.issuedTo,
    registryExpireDate: v.registryExpireDate ?? '',
    plateNumber: v.plateNumber ?? '',
    driveLicense: '',
    insuranceCompany: v.insuranceCompany,
    financialInstitution: v.financialInstitution ?? '',
    easyTagNumber: v.easyTagNumber ?? '',
    gasCardNumber: v.gasCardNumber,
    comment: v.comment ?? '',
  };
}

type TextKey = Exclude<keyof VehicleDraft, 'projectId' | 'issuedTo' | 'driveLicense'>;

/**
 * The pickers' choices plus the vehicle's own project and person when the pickers no longer offer
 * them (a closed project, someone no longer active), so an edit keeps them shown and unchanged.
 */
export function choicesFor(options: VehicleOptions, vehicle: VehicleView | undefined): VehicleOptions {
  if (!vehicle) return options;
  const projects = options.projects.some((p) => p.projectId === vehicle.projectId)
    ? options.projects
    : [...options.projects, { projectId: vehicle.projectId, name: vehicle.projectName }];
  const people = options.people.some((p) => p.staffId === vehicle.issuedTo)
    ? options.people
    : [...options.people, { staffId: vehicle.issuedTo, name: vehicle.issuedToName }];
  return { projects, people };
}

export interface VehicleFormProps {
  readonly initial: VehicleDraft;
  readonly editing: boolean;
  /** The stored licence number, masked (null: none); Reveal asks the server for it. */
  readonly licence: { readonly masked: string | null; readonly reveal: () => Promise<string | null> };
  readonly options: VehicleOptions;
  readonly codeLists: readonly CodeListEntry[];
  readonly isSaving: boolean;
  /** Sends the request; rejects with the server's refusal. */
  readonly onSave: (request: VehicleRequest) => Promise<unknown>;
  readonly onCancel: () => void;
}

/** Every vehicle field of the spec; the required ones and the VIN checked with the server's own schema. */
export function VehicleForm({
  initial,
  editing,
  licence,
  options,
  codeLists,
  isSaving,
  onSave,
  onCancel,
}: VehicleFormProps) {
  const { draft, set, errors, setErrors } = useDraft<VehicleDraft>(initial);

  function submit() {
    // The licence is sent only when typed or cleared: untouched, the stored one stays.
    const { driveLicense, ...rest } = draft;
    const request: VehicleRequest = driveLicense === '' ? rest : { ...rest, driveLicense };
    const checked = vehicleRequestSchema.safeParse(request);
    if (!checked.success) {
      showRefusedFields(fieldErrorsOf(zodProblems(checked.error)), setErrors);
      return;
    }
    onSave(request).catch((failure: unknown) => showSendFailure(failure, setErrors));
  }

  const text = (
    key: TextKey,
    extra: { multiline?: boolean; inputType?: string; description?: string } = {},
  ) => (
    <TextField
      label={LABEL[key]}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      errorMessage={errors[key]}
      {...extra}
    />
  );

  const listed = (key: 'year' | 'make' | 'insuranceCompany' | 'gasCardNumber', listId: 1 | 2 | 6 | 10) => (
    <CodeListField
      listId={listId}
      label={LABEL[key]}
      entries={codeLists}
      value={draft[key]}
      onChange={(value) => set(key, value)}
      errorMessage={errors[key]}
    />
  );

  return (
    <CheckedForm
      className="vehicle-form card"
      aria-label={editing ? 'Editing vehicle' : 'New vehicle'}
      onSubmit={submit}
    >
      <div className="vehicle-form__fields field-grid">
        {listed('year', VEHICLE_CODE_LISTS.years)}
        {listed('make', VEHICLE_CODE_LISTS.makes)}
        {text('model')}
        {text('vin', { description: '17 letters and digits, no I, O or Q' })}
        <ComboBox
          label={LABEL.projectId}
          options={options.projects.map((p) => ({ id: p.projectId, name: p.name }))}
          value={draft.projectId}
          onChange={(key) => set('projectId', key === null ? null : Number(key))}
          errorMessage={errors.projectId}
          isRequired
        />
        <ComboBox
          label={LABEL.issuedTo}
          options={options.people.map((p) => ({ id: p.staffId, name: p.name }))}
          value={draft.issuedTo}
          onChange={(key) => set('issuedTo', key === null ? null : Number(key))}
          errorMessage={errors.issuedTo}
          isRequired
        />
        {text('registryExpireDate', { inputType: 'date' })}
        {text('plateNumber')}
        <SensitiveField
          label={LABEL.driveLicense}
          masked={licence.masked}
          value={draft.driveLicense}
          onChange={(value) => set('driveLicense', value)}
          reveal={licence.reveal}
          errorMessage={errors.driveLicense}
          isDisabled={isSaving}
        />
        {listed('insuranceCompany', VEHICLE_CODE_LISTS.insurers)}
        {text('financialInstitution')}
        {text('easyTagNumber')}
        {listed('gasCardNumber', VEHICLE_CODE_LISTS.gasCards)}
      </div>
      {text('comment', { multiline: true })}
      <FormActions
        className="vehicle-form__actions"
        submitLabel={editing ? 'Update' : 'Save'}
        isPending={isSaving}
        onCancel={onCancel}
      />
    </CheckedForm>
  );
}
