import { FieldError, Text } from 'react-aria-components';

/** A field's classes: 'field', its kind's ('select'...), and the screen's own. */
export function fieldClass(...classes: readonly (string | undefined)[]): string {
  return ['field', ...classes].filter(Boolean).join(' ');
}

/** Description and rule message shown under every form field. */
export function FieldHelp({ description, errorMessage }: { description?: string; errorMessage?: string }) {
  return (
    <>
      {description ? (
        <Text slot="description" className="field__description">
          {description}
        </Text>
      ) : null}
      <FieldError className="field__error">{errorMessage}</FieldError>
    </>
  );
}
