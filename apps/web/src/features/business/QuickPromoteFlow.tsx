import './words.ts';
import {
  MAX_BUDGET,
  MAX_DURATION_DAYS,
  nextQuickPromoteStep,
  promoteDataOf,
  quickPromoteBody,
  quickPromoteErrorArea,
  type Advertiser,
  type BusinessForm as BusinessFormValues,
  type Pin,
  type QuickPromoteResult,
  type QuickPromoteStep,
} from '@pinboard/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n.ts';
import { useNavigate } from 'react-router';
import { api, endpointKey } from '../../api/endpoints.ts';
import { refreshViewer } from '../viewer/changeViewer.ts';
import { ApiRequestError } from '../../api/client.ts';
import { errorMessage } from '../../api/errorMessage.ts';
import { Button } from '../../ui/Button.tsx';
import { useViewer } from '../viewer/useViewer.ts';
import {
  BillingFields,
  billingBody,
  billingFilled,
  EMPTY_BILLING,
  type BillingValues,
} from './BillingFields.tsx';
import { BusinessForm } from './BusinessForm.tsx';
import { PinSelectionForm } from './PinSelectionForm.tsx';
import { initialValues, type Values } from './promoteForm.ts';
import { PromoteFailure, PromoteSuccess } from './QuickPromoteOutcome.tsx';
import styles from './Business.module.css';

/**
 * Quick promote's steps (docs/product/business.md#quick-promote): the pin and its campaign, the
 * business details, the billing details, then success or the error modal. From the first step the
 * shared step rule decides (an error in the modal area, else success when business and billing
 * details are valid, else the billing form when the business details are, else the business
 * form); the forms then move forward one step at a time.
 */
export function QuickPromoteFlow({ pin, advertiser }: { pin: Pin; advertiser: Advertiser | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { session } = useViewer();
  const country = advertiser?.country ?? session?.client_context.country ?? 'US';
  const countryData = promoteDataOf(country);
  const currency = advertiser?.currency ?? 'USD';
  const [step, setStep] = useState<QuickPromoteStep>('pin_selection');
  const [values, setValues] = useState<Values>(() =>
    initialValues(pin, advertiser, country, t('business.promote.defaultName')),
  );
  const [account, setAccount] = useState<Advertiser | null>(advertiser);
  const [pinError, setPinError] = useState<string | null>(null);
  const [modalError, setModalError] = useState<string | null>(null);
  const [result, setResult] = useState<QuickPromoteResult | null>(null);
  const [busy, setBusy] = useState(false);
  const [billing, setBilling] = useState<BillingValues>(EMPTY_BILLING);
  const set = <K extends keyof Values>(key: K, value: Values[K]) =>
    setValues((v) => ({ ...v, [key]: value }));

  const budget = Number(values.budget);
  const duration = Number(values.duration);
  const budgetError =
    values.budget.trim() === '' || Number.isNaN(budget) || budget < countryData.minBudget
      ? t('business.promote.budgetTooLow', { min: countryData.minBudget, currency })
      : budget > MAX_BUDGET
        ? t('business.promote.budgetTooHigh')
        : null;
  const durationError =
    !Number.isInteger(duration) || duration < 1 || duration > MAX_DURATION_DAYS
      ? t('business.promote.durationInvalid')
      : null;

  /** Sends the promotion; answers whether the server refused it in the modal area. */
  async function submit(advertiserId: string): Promise<boolean> {
    const body = quickPromoteBody(
      {
        name: values.name,
        destination_url: values.destination.trim() || null,
        budget,
        duration,
        inclusive_end_date: values.endDate,
        is_ongoing: values.ongoing,
        advertiser_id: advertiserId,
        ages: values.ages,
        interests: values.interests
          .split(',')
          .map((word) => word.trim())
          .filter(Boolean),
        genders: values.genders,
        ad_type: values.objective,
        selected_ocpm_tag: values.tagId
          ? { conversionTagId: values.tagId, conversionEvent: values.event }
          : null,
        isAutoTargeting: values.autoTargeting,
      },
      pin.id,
    );
    try {
      const { data } = await api.quickPromotePin({ params: { advertiserId, pinId: pin.id }, body });
      setResult(data);
      void queryClient.invalidateQueries({ queryKey: endpointKey('getBusinessHub') });
      void queryClient.invalidateQueries({ queryKey: endpointKey('listCampaigns') });
      return false;
    } catch (failure) {
      const status = failure instanceof ApiRequestError ? failure.status : 0;
      const detail = failure instanceof ApiRequestError ? failure.messageDetail : null;
      const { area, message } = quickPromoteErrorArea(status, detail);
      if (area === 'pin') {
        setPinError(message);
        throw failure;
      }
      setModalError(message);
      return true;
    }
  }

  /** The first step's rule, after sending when business and billing details are valid. */
  async function fromFirstStep(current: Advertiser | null) {
    const businessValid = current !== null;
    const billingValid = current?.has_billing_profile === true;
    let errorInModal = false;
    if (businessValid && billingValid) errorInModal = await submit(current.id);
    const next = nextQuickPromoteStep('pin_selection', {
      modalError: errorInModal,
      businessValid,
      billingValid,
      onQuickPromotePage: false,
    });
    if (next) setStep(next);
  }

  async function run(action: () => Promise<void>) {
    setBusy(true);
    setPinError(null);
    try {
      await action();
    } catch {
      // Shown where it belongs (the pin's area) by submit.
    } finally {
      setBusy(false);
    }
  }

  function promote(event: FormEvent) {
    event.preventDefault();
    if (budgetError || durationError) return;
    void run(() => fromFirstStep(account));
  }

  async function saveBusiness(form: BusinessFormValues) {
    const made = session?.isPartner
      ? (await api.createAdvertiser({ body: { name: form.business_name, country: form.country } })).data
      : (await api.convertToBusiness({ body: form })).data.advertiser;
    setAccount(made);
    void refreshViewer(queryClient);
    void queryClient.invalidateQueries({ queryKey: endpointKey('listAdvertisers') });
    void queryClient.invalidateQueries({ queryKey: endpointKey('listBusinessAccessProfiles') });
    const next = nextQuickPromoteStep('business_form', {
      modalError: false,
      businessValid: true,
      billingValid: made.has_billing_profile,
      onQuickPromotePage: false,
    });
    if (next) setStep(next);
  }

  function saveBilling(event: FormEvent) {
    event.preventDefault();
    if (!account) return;
    void run(async () => {
      try {
        await api.putBillingProfile({
          params: { advertiserId: account.id },
          body: billingBody(billing),
        });
      } catch (failure) {
        setModalError(
          errorMessage(t, failure, 'business.promote.errorGeneric', { otherwise: 'serverDetail' }),
        );
        return;
      }
      const billed = { ...account, has_billing_profile: true };
      setAccount(billed);
      // The billing form moves forward one step: the success modal, unless sending fails in the modal.
      const errorInModal = await submit(billed.id);
      setStep(
        errorInModal
          ? 'error'
          : (nextQuickPromoteStep('billing_form', {
              modalError: false,
              businessValid: true,
              billingValid: true,
              onQuickPromotePage: false,
            }) ?? 'success'),
      );
    });
  }

  function end() {
    // Past the success or the error modal the flow ends.
    if (
      nextQuickPromoteStep(step, {
        modalError: false,
        businessValid: true,
        billingValid: true,
        onQuickPromotePage: false,
      }) === null
    ) {
      void navigate(step === 'success' ? '/business/hub' : `/pin/${pin.id}`);
    }
  }

  if (step === 'business_form') {
    return (
      <div className={styles.section}>
        <h2>{t('business.promote.businessStep')}</h2>
        <BusinessForm submitLabel={t('business.promote.businessNext')} onSubmit={saveBusiness} />
      </div>
    );
  }

  if (step === 'billing_form') {
    return (
      <form className={`${styles.section} ${styles.form}`} onSubmit={saveBilling}>
        <h2>{t('business.promote.billingStep')}</h2>
        <p>{t('business.promote.billingLead', { currency: account?.currency ?? currency })}</p>
        <BillingFields values={billing} onChange={setBilling} />
        {modalError && (
          <p role="alert" className={styles.error}>
            {modalError}
          </p>
        )}
        <div className={styles.actions}>
          <Button type="submit" variant="primary" disabled={busy || !billingFilled(billing)}>
            {t('business.promote.billingNext')}
          </Button>
        </div>
      </form>
    );
  }

  if (step === 'success' && result) {
    return <PromoteSuccess result={result} currency={account?.currency ?? currency} onDone={end} />;
  }

  if (step === 'error') return <PromoteFailure message={modalError} onClose={end} />;

  return (
    <PinSelectionForm
      pin={pin}
      values={values}
      set={set}
      account={account}
      currency={currency}
      minBudget={countryData.minBudget}
      budgetError={budgetError}
      durationError={durationError}
      pinError={pinError}
      busy={busy}
      onSubmit={promote}
    />
  );
}
