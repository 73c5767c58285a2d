import './words.ts';
import { useTranslation } from '../../i18n.ts';
import { TextField } from '../../ui/TextField.tsx';

/** What the billing details form holds (the quick-promote step and the billing page). */
export interface BillingValues {
  business_name: string;
  address: string;
  tax_id: string;
}

export const EMPTY_BILLING: BillingValues = { business_name: '', address: '', tax_id: '' };

/** The body of the billing details call: a blank tax ID is none. */
export function billingBody(values: BillingValues) {
  return { business_name: values.business_name, address: values.address, tax_id: values.tax_id || null };
}

/** Whether the required fields are filled (the server checks the rest and says what is wrong). */
export function billingFilled(values: BillingValues): boolean {
  return values.business_name.trim() !== '' && values.address.trim() !== '';
}

/** The billing details' fields: business name on invoices, billing address, optional tax ID. */
export function BillingFields({
  values,
  onChange,
}: {
  values: BillingValues;
  onChange: (next: BillingValues) => void;
}) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('business.promote.businessNameBilling')}
        required
        maxLength={100}
        value={values.business_name}
        onChange={(event) => onChange({ ...values, business_name: event.target.value })}
      />
      <TextField
        label={t('business.promote.address')}
        required
        maxLength={500}
        value={values.address}
        onChange={(event) => onChange({ ...values, address: event.target.value })}
      />
      <TextField
        label={t('business.promote.taxId')}
        maxLength={30}
        value={values.tax_id}
        onChange={(event) => onChange({ ...values, tax_id: event.target.value })}
      />
    </>
  );
}
