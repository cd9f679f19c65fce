import { useStore } from '@nanostores/react';
import { useId, type InputHTMLAttributes } from 'react';
import { FormField } from '../shared/FormField.tsx';
import type { CheckoutField } from '../../lib/domain/checkout.ts';
import { $checkoutErrors, $checkoutForm, setCheckoutField } from '../../stores/checkout.ts';

type TextField = Exclude<CheckoutField, 'shopId'>;

/** Props of {@link Field}. */
interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> {
  field: TextField;
  label: string;
  hint?: string;
}

/** A labelled text field bound to the checkout form, with its error read out. */
function Field({ field, ...input }: FieldProps) {
  const form = useStore($checkoutForm);
  const errors = useStore($checkoutErrors);
  return (
    <FormField
      name={field}
      value={form[field]}
      onChange={(e) => setCheckoutField(field, e.target.value)}
      error={errors[field]}
      {...input}
    />
  );
}

/** The shopper's contact details (docs/spec.md §3 form fields: name, phone, e-mail). */
export function ContactFields() {
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2">
      <legend className="mb-2 text-xl font-bold">Kontaktinformasjon</legend>
      <Field field="name" label="Navn" autoComplete="name" className="sm:col-span-2" />
      <Field
        field="phone"
        label="Mobilnummer"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint="8 siffer, med eller uten +47."
      />
      <Field field="email" label="E-post" type="email" autoComplete="email" />
    </fieldset>
  );
}

// The place lookup loads with the first postal code typed or left; what was typed meanwhile
// is in the form already, and the lookup fills the city only while the code is still there.
const fillCity = (code: string) =>
  import('../../stores/postal-code.ts').then(
    (m) => m.fillCityFromPostalCode(code),
    (error: unknown) => console.warn('Could not load the postal code lookup', error),
  );

// The street combobox (and the street search behind it) loads on the field's first focus.
const attachStreetSearch = (input: HTMLInputElement) =>
  import('./street-search.ts').then(
    (m) => m.attachStreetSearch(input),
    (error: unknown) => console.warn('Could not load the street search', error),
  );

/**
 * The delivery address: postal code (which fills in the city) and city first, so the street
 * field can suggest that postal code's streets (and known addresses) as a combobox.
 */
export function AddressFields() {
  const listId = useId();
  return (
    <fieldset className="grid gap-4 sm:grid-cols-[8rem_1fr]">
      <legend className="mb-2 text-xl font-bold">Leveringsadresse</legend>
      <Field
        field="postalCode"
        label="Postnummer"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={4}
        onBlur={(e) => void fillCity(e.target.value)}
        onInput={(e) => {
          const value = e.currentTarget.value;
          if (value.length === 4) void fillCity(value);
        }}
      />
      <Field field="city" label="Poststed" autoComplete="address-level2" />
      <div className="relative sm:col-span-2" data-street-search>
        <Field
          field="address"
          label="Gateadresse"
          autoComplete="off"
          hint="Gate og husnummer, for eksempel Storgata 12B."
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={false}
          aria-controls={listId}
          onFocus={(e) => void attachStreetSearch(e.currentTarget)}
        />
        {/* Named and styled by the street search when it loads; hidden until then. */}
        <div id={listId} role="listbox" hidden />
        <p className="sr-only" aria-live="polite" data-street-status />
      </div>
    </fieldset>
  );
}
